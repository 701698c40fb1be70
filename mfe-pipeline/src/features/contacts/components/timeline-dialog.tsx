import {
  portalEntryText,
  whatsappEntryText,
  sentEntryText,
  isMobileNumber,
  CONSENT_LEGAL_BASIS,
  CONSENT_PURPOSES,
  LEGAL_BASIS_LABELS,
  INTERACTION_NOTE_MAX,
  INTERACTION_TYPES,
  PIPELINE_OPERATIONS,
  RELATIONSHIP_OPERATIONS as OPS,
  WHATSAPP_OPERATIONS,
  formatDateTime,
  optionLabel,
  type Contact,
  type ConsentPurpose,
  type InteractionType,
  type TimelineEntry,
  choiceOf,
} from '@corretora/contracts';
import { apiErrorMessage, callOperation, invalidateOperations, operationQuery, useOperation } from '@corretora/web-kit';
import { Body1, Body1Strong, Button, Caption1, Field, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@corretora/web-kit/fluent/dialog';
import { Select } from '@corretora/web-kit/fluent/select';
import { Switch } from '@corretora/web-kit/fluent/switch';
import { Textarea } from '@corretora/web-kit/fluent/textarea';
import { QueryState, useNotify } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConversationLink } from '../../../components/conversation-link';

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  entry: { display: 'flex', flexDirection: 'column', overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
});

const STATUS_POLL_MS = 2_000;
const STATUS_FOLLOWED_MS = 5 * 60_000;

/** Whether an entry sent through the provider in the last minutes still waits for its delivery or read. */
function awaitingStatus(entries: readonly TimelineEntry[], now: number): boolean {
  return entries.some(
    (entry) =>
      (entry.kind === 'whatsapp' || (entry.kind === 'message' && entry.direction === 'out')) &&
      (entry.status === 'sending' || entry.status === 'sent' || entry.status === 'delivered') &&
      now - new Date(entry.at).getTime() < STATUS_FOLLOWED_MS,
  );
}

function describe(entry: TimelineEntry): string {
  if (entry.kind === 'interaction') return `${optionLabel(INTERACTION_TYPES, entry.type)}${entry.note ? `: ${entry.note}` : ''}`;
  if (entry.kind === 'whatsapp' || entry.kind === 'message') return whatsappEntryText(entry);
  if (entry.kind === 'sent') return sentEntryText(entry);
  if (entry.kind === 'portal') return portalEntryText(entry);
  return `Consentimento de ${optionLabel(CONSENT_PURPOSES, entry.purpose).toLowerCase()} ${entry.granted ? 'registrado' : 'retirado'}`;
}

/**
 * A contact's history and what the broker does from it: log an interaction, send a WhatsApp from a
 * template (the link opens in a new tab and the message stays on the timeline), record consent.
 */
export default function TimelineDialog({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  // A message on its way (sent minutes ago, not read yet) is asked for again every 2 s: its status follows Meta's webhook.
  const timeline = useQuery({
    ...operationQuery(OPS.contactTimeline, { params: { id: contact.id } }),
    refetchInterval: (query) => (awaitingStatus(query.state.data?.entries ?? [], Date.now()) ? STATUS_POLL_MS : false),
  });
  const templates = useOperation(OPS.messageTemplates);
  const [type, setType] = useState<InteractionType>('ligacao');
  const [note, setNote] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mobile = isMobileNumber(contact.phone);
  const cloud = useOperation(WHATSAPP_OPERATIONS.channel).data?.connected === true;
  // An interaction or a message warms the contact's cards up on the board.
  const refresh = () => invalidateOperations(queryClient, OPS.contactTimeline, PIPELINE_OPERATIONS.contacts, PIPELINE_OPERATIONS.board);

  const log = useMutation({
    mutationFn: () => callOperation(OPS.logInteraction, { params: { id: contact.id }, body: { type, note: note || null } }),
    onSuccess: async () => {
      setNote('');
      setError(null);
      await refresh();
      notify.success('Interação registrada');
    },
    onError: (caught) => setError(apiErrorMessage(caught, 'Não foi possível registrar a interação.')),
  });
  const whatsapp = useMutation({
    mutationFn: () => callOperation(OPS.contactWhatsapp, { params: { id: contact.id }, body: { templateId: Number(templateId) } }),
    onSuccess: async (answer) => {
      setError(null);
      // wa.me: the member sends it from their phone; the Cloud API: it went from the brokerage's number.
      if (answer.url) window.open(answer.url, '_blank', 'noopener,noreferrer');
      else notify.success('Mensagem enviada pelo WhatsApp da corretora');
      await refresh();
    },
    onError: async (caught) => {
      setError(apiErrorMessage(caught, 'Não foi possível enviar a mensagem.'));
      // A failed send is on the timeline (and a task to resend it): show it.
      await refresh();
    },
  });
  const timelineKey = operationQuery(OPS.contactTimeline, { params: { id: contact.id } }).queryKey;
  // What the broker just switched, shown until the server answers: set inside the change event, so the
  // switch never flips back for a frame (a cache update would land a task later).
  const [switching, setSwitching] = useState<Partial<Record<ConsentPurpose, boolean>>>({});
  const consent = useMutation({
    mutationFn: (input: { purpose: ConsentPurpose; granted: boolean }) =>
      callOperation(OPS.setContactConsent, { params: { id: contact.id }, body: input }),
    onSuccess: (answer) => queryClient.setQueryData(timelineKey, answer),
    onError: async (caught) => {
      setError(apiErrorMessage(caught, 'Não foi possível registrar o consentimento.'));
      await refresh();
    },
    onSettled: () => setSwitching({}),
  });

  return (
    <Dialog open onOpenChange={(_event, data) => (!data.open ? onClose() : undefined)}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{`Histórico de ${contact.name}`}</DialogTitle>
          <DialogContent className={styles.content}>
            {error ? (
              <Body1 role="alert" className={styles.muted}>
                {error}
              </Body1>
            ) : null}
            <QueryState query={timeline} loading="Carregando histórico..." error="Não foi possível carregar o histórico.">
              {(data) => (
                <>
                  <section className={styles.section} aria-label="Consentimento">
                    <Subtitle2 as="h3">Consentimento</Subtitle2>
                    <div className={styles.row}>
                      {CONSENT_PURPOSES.map((purpose) => (
                        <Switch
                          key={purpose.value}
                          label={`Aceita mensagens de ${purpose.label.toLowerCase()}`}
                          checked={switching[purpose.value] ?? data.consent[purpose.value]}
                          disabled={consent.isPending}
                          onChange={(_event, change) => {
                            setSwitching({ [purpose.value]: change.checked });
                            consent.mutate({ purpose: purpose.value, granted: change.checked });
                          }}
                        />
                      ))}
                    </div>
                    <Caption1>
                      {`Base legal (LGPD): serviço — ${LEGAL_BASIS_LABELS[CONSENT_LEGAL_BASIS.servico]}; marketing — ${
                        LEGAL_BASIS_LABELS[CONSENT_LEGAL_BASIS.marketing]
                      }, revogável: sem ele, nenhum modelo de marketing é enviado.`}
                    </Caption1>
                  </section>
                  <section className={styles.section} aria-label="Enviar WhatsApp">
                    <Subtitle2 as="h3">Enviar WhatsApp</Subtitle2>
                    {mobile ? null : (
                      <Caption1>{`O telefone de ${contact.name} ${contact.phone ? 'é fixo' : 'não está cadastrado'}: o WhatsApp só chega a um celular.`}</Caption1>
                    )}
                    <div className={styles.row}>
                      <Field label="Modelo">
                        <Select value={templateId} onChange={(_event, change) => setTemplateId(change.value)}>
                          <option value="">— escolha —</option>
                          {(templates.data ?? []).map((template) => (
                            <option key={template.id} value={template.id}>
                              {`${template.name} (${optionLabel(CONSENT_PURPOSES, template.purpose).toLowerCase()})`}
                            </option>
                          ))}
                        </Select>
                      </Field>
                      <Button
                        appearance="primary"
                        disabled={!mobile || !templateId || whatsapp.isPending}
                        onClick={() => whatsapp.mutate()}
                      >
                        {cloud ? 'Enviar pelo WhatsApp' : 'Abrir WhatsApp'}
                      </Button>
                    </div>
                  </section>
                  <section className={styles.section} aria-label="Registrar interação">
                    <Subtitle2 as="h3">Registrar interação</Subtitle2>
                    <div className={styles.row}>
                      <Field label="Tipo">
                        <Select value={type} onChange={(_event, change) => setType(choiceOf(change.value, INTERACTION_TYPES) ?? type)}>
                          {INTERACTION_TYPES.map((option) => (
                            <option key={option.value} value={option.value}>
                              {option.label}
                            </option>
                          ))}
                        </Select>
                      </Field>
                      <Field label="O que foi conversado">
                        <Textarea value={note} maxLength={INTERACTION_NOTE_MAX} onChange={(_event, change) => setNote(change.value)} />
                      </Field>
                      <Button disabled={log.isPending} onClick={() => log.mutate()}>
                        Registrar
                      </Button>
                    </div>
                  </section>
                  <TimelineEntries contactId={contact.id} entries={data.entries} />
                </>
              )}
            </QueryState>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Fechar</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The timeline itself, newest first: what happened, when and by whom. */
function TimelineEntries({ contactId, entries }: { contactId: number; entries: TimelineEntry[] }) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-label="Linha do tempo">
      <Subtitle2 as="h3">Linha do tempo</Subtitle2>
      {entries.some((entry) => entry.kind === 'message') ? <ConversationLink contactId={contactId} /> : null}
      {entries.length === 0 ? (
        <Body1 className={styles.muted}>Nada registrado ainda.</Body1>
      ) : (
        <ul className={styles.list}>
          {entries.map((entry) => (
            <li key={entry.id} className={styles.entry}>
              <Body1Strong>{describe(entry)}</Body1Strong>
              <Caption1 className={styles.muted}>{`${formatDateTime(entry.at)}${entry.by ? ` · ${entry.by}` : ''}`}</Caption1>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
