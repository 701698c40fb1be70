import {
  CATALOGUE_OPERATIONS,
  LOST_REASONS,
  MESSAGE_STATUSES,
  RELATIONSHIP_OPERATIONS,
  WHATSAPP_OPERATIONS,
  NEXT_ACTION_TYPES,
  NextActionSchema,
  RenewalOutcomeSchema,
  centsToWire,
  formatDate,
  maskDate,
  parseDate,
  type LostReason,
  type RenewalItem,
  choiceOf,
} from '@corretora/contracts';
import { ApiError, apiErrorMessage, callOperation, invalidateOperations, operationQuery, useOperation } from '@corretora/web-kit';
import { Body1, Button, Caption1, Field, Input } from '@corretora/web-kit/fluent/core';
import { MessageBar, MessageBarBody } from '@corretora/web-kit/fluent/message-bar';
import { Select } from '@corretora/web-kit/fluent/select';
import { Textarea } from '@corretora/web-kit/fluent/textarea';
import { FormDialog, MaskedInput, MoneyInput, useNotify, useFieldIssues } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRenewalDecision, useRenewalNextAction } from '../api/renewals-api';
import { wireMoney as money } from '../../../components/wire-money';

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The dialog open on the panel: a renewal's quote, outcome or next action. */
export type RenewalDialog =
  | { kind: 'quote'; item: RenewalItem }
  | { kind: 'renewed'; item: RenewalItem }
  | { kind: 'lost'; item: RenewalItem }
  | { kind: 'next'; item: RenewalItem }
  | { kind: 'remind'; item: RenewalItem & { contactId: number } }
  | null;

/** Renovada or Perdida for one renewal: its fields, the server's field messages inline (a quote has its own dialog). */
export function DecisionDialog({
  dialog,
  insurerName,
  onClose,
}: {
  dialog: { kind: 'renewed' | 'lost'; item: RenewalItem };
  insurerName: (id: number | null) => string;
  onClose: () => void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const reference = useOperation(CATALOGUE_OPERATIONS.referenceData);
  const { item, kind } = dialog;
  const [insurerId, setInsurerId] = useState(String(item.insurerId ?? ''));
  const [premium, setPremium] = useState<number | null>(null);
  const [quoteId, setQuoteId] = useState('');
  const [policyNumber, setPolicyNumber] = useState('');
  const [reason, setReason] = useState<LostReason | ''>('');
  const [note, setNote] = useState('');
  const { issues, setIssues, check } = useFieldIssues();
  const save = useRenewalDecision(item.id, {
    onSaved: () => {
      notify.success(kind === 'lost' ? 'Renovação perdida registrada' : 'Apólice renovada');
      onClose();
    },
    onFailed: (error) => {
      const fields = error instanceof ApiError ? (error.body?.issues ?? []) : [];
      setIssues(Object.fromEntries(fields.map((issue) => [issue.path.replace(/^newPolicy\./, ''), issue.message])));
      if (fields.length === 0) notify.error('Não foi possível salvar.', apiErrorMessage(error, ''));
    },
  });
  const insurers = reference.data?.insurers ?? [];
  const chosenInsurer = quoteId
    ? item.quotes.find((quote) => String(quote.id) === quoteId)?.insurerId
    : insurerId
      ? Number(insurerId)
      : item.insurerId;
  const switching = kind === 'renewed' && chosenInsurer !== undefined && chosenInsurer !== null && chosenInsurer !== item.insurerId;
  const title = kind === 'lost' ? 'Renovação perdida' : 'Renovar apólice';
  return (
    <FormDialog
      title={`${title}: ${item.policyNumber}`}
      submitLabel={kind === 'lost' ? 'Registrar perda' : 'Renovar'}
      busy={save.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const outcome =
          kind === 'lost'
            ? { outcome: 'lost', reason: reason || null, note: note || null }
            : {
                outcome: 'renewed',
                note: note || null,
                newPolicy: {
                  quoteId: quoteId ? Number(quoteId) : null,
                  policyNumber: policyNumber || null,
                  insurerId: !quoteId && insurerId ? Number(insurerId) : null,
                  premium: premium === null ? null : centsToWire(premium),
                },
              };
        // The new policy's fields are this form's own: its issues go under them.
        const body = check(RenewalOutcomeSchema, outcome, (path) => path.replace(/^newPolicy\./, ''));
        if (body) save.mutate(body);
      }}
    >
      <Body1>{`${item.contactName} · ${insurerName(item.insurerId)} · prêmio atual ${money(item.premium)} · fim em ${formatDate(item.renewalDate)}`}</Body1>
      {switching ? (
        <MessageBar intent="warning">
          <MessageBarBody>
            {item.switchChargeback
              ? `Mudar de seguradora: se a apólice atual for cancelada hoje, a ${insurerName(item.insurerId)} pode estornar ${money(item.switchChargeback.amount)} (${item.switchChargeback.percent.replace('.', ',')}% da comissão).`
              : `Mudar de seguradora: confira a escala de estorno da ${insurerName(item.insurerId)} antes de cancelar a apólice atual.`}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.form}>
        {kind === 'renewed' && item.quotes.length > 0 ? (
          <Field label="Cotação escolhida" validationMessage={issues.quoteId}>
            <Select value={quoteId} onChange={(_event, data) => setQuoteId(data.value)}>
              <option value="">Nenhuma (mesma seguradora e prêmio, salvo o que informar)</option>
              {item.quotes.map((quote) => (
                <option key={quote.id} value={quote.id}>{`${insurerName(quote.insurerId)}: ${money(quote.premium)}`}</option>
              ))}
            </Select>
          </Field>
        ) : null}
        {kind === 'renewed' && !quoteId ? (
          <Field label="Seguradora" validationMessage={issues.insurerId}>
            <Select value={insurerId} onChange={(_event, data) => setInsurerId(data.value)}>
              <option value="">— escolha —</option>
              {insurers.map((insurer) => (
                <option key={insurer.id} value={insurer.id}>
                  {insurer.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {kind !== 'lost' ? (
          <Field label="Prêmio do novo período" validationMessage={issues.premium}>
            <MoneyInput value={premium} onChange={setPremium} />
          </Field>
        ) : null}
        {kind === 'renewed' ? (
          <Field label="Número da nova apólice" validationMessage={issues.policyNumber}>
            <Input value={policyNumber} maxLength={40} onChange={(_event, data) => setPolicyNumber(data.value)} />
          </Field>
        ) : null}
        {kind === 'lost' ? (
          <Field label="Motivo" required validationMessage={issues.reason}>
            <Select value={reason} onChange={(_event, data) => setReason(choiceOf(data.value, LOST_REASONS) ?? '')}>
              <option value="">— escolha —</option>
              {LOST_REASONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
      </div>
      <Field label="Observação" validationMessage={issues.note}>
        <Textarea value={note} maxLength={500} onChange={(_event, data) => setNote(data.value)} />
      </Field>
      {kind === 'renewed' ? (
        <Caption1 className={styles.muted}>
          A nova apólice começa no fim da atual, vale por um ano e mantém a comissão; as parcelas são criadas à vista.
        </Caption1>
      ) : null}
    </FormDialog>
  );
}

/** When and what the broker will do next for a renewal (or nothing: 'sem próxima ação'). */
export function NextActionDialog({ item, onClose }: { item: RenewalItem; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [date, setDate] = useState(item.nextAction ? formatDate(item.nextAction.dueAt) : '');
  const [type, setType] = useState<string>(item.nextAction?.type ?? 'ligar');
  const [note, setNote] = useState(item.nextAction?.note ?? '');
  const { issues, setIssues, fail, check } = useFieldIssues();
  const save = useRenewalNextAction(item.id, {
    onSaved: () => {
      notify.success('Próxima ação salva');
      onClose();
    },
    onFailed: (error) => fail(error, 'Não foi possível salvar.'),
  });
  return (
    <FormDialog
      title={`Próxima ação: ${item.policyNumber}`}
      submitLabel="Salvar próxima ação"
      busy={save.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const day = parseDate(date);
        if (!day) {
          setIssues({ dueAt: 'Informe a data como dd/mm/aaaa' });
          return;
        }
        // The day at 09:00 in São Paulo (12:00 UTC), as the wire's instant.
        const body = check(NextActionSchema, { dueAt: `${day}T12:00:00.000Z`, type, note: note || null });
        if (body) save.mutate(body);
      }}
      extraActions={
        item.nextAction ? (
          <Button disabled={save.isPending} onClick={() => save.mutate({ dueAt: null, type: null, note: null })}>
            Remover próxima ação
          </Button>
        ) : undefined
      }
    >
      <div className={styles.form}>
        <Field label="Quando" required validationMessage={issues.dueAt}>
          <MaskedInput value={date} mask={maskDate} placeholder="dd/mm/aaaa" inputMode="numeric" onChange={setDate} />
        </Field>
        <Field label="O quê" required validationMessage={issues.type}>
          <Select value={type} onChange={(_event, data) => setType(data.value)}>
            {NEXT_ACTION_TYPES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label="Observação" validationMessage={issues.note}>
        <Textarea value={note} maxLength={500} onChange={(_event, data) => setNote(data.value)} />
      </Field>
    </FormDialog>
  );
}

const REMINDER_POLL_MS = 2_000;

/**
 * Lembrar pelo WhatsApp: one of the brokerage's message templates (the renewal's first), filled for
 * the client and this policy. Through the brokerage's number on the Cloud API it goes at once and its
 * status (enviada, entregue, lida) follows here; with wa.me links it opens on the member's phone.
 */
export function ReminderDialog({ item, onClose }: { item: RenewalItem & { contactId: number }; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const templates = useOperation(RELATIONSHIP_OPERATIONS.messageTemplates);
  const connected = useOperation(WHATSAPP_OPERATIONS.channel).data?.connected === true;
  const [chosen, setChosen] = useState('');
  const [sentEntry, setSentEntry] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fallback = templates.data?.find((template) => /renova/i.test(template.name)) ?? templates.data?.[0];
  const templateId = chosen || String(fallback?.id ?? '');
  const timeline = useQuery({
    ...operationQuery(RELATIONSHIP_OPERATIONS.contactTimeline, { params: { id: item.contactId } }),
    enabled: sentEntry !== null,
    refetchInterval: (query) => {
      const entry = query.state.data?.entries.find((row) => row.id === sentEntry);
      return entry?.kind === 'whatsapp' && entry.status !== 'read' && entry.status !== 'failed' ? REMINDER_POLL_MS : false;
    },
  });
  const sent = timeline.data?.entries.find((row) => row.id === sentEntry);
  const send = useMutation({
    mutationFn: () =>
      callOperation(RELATIONSHIP_OPERATIONS.contactWhatsapp, {
        params: { id: item.contactId },
        body: { templateId: Number(templateId), policyId: item.policyId },
      }),
    onSuccess: async (answer) => {
      setError(null);
      if (answer.url) {
        window.open(answer.url, '_blank', 'noopener,noreferrer');
        onClose();
        return;
      }
      setSentEntry(answer.entry.id);
      notify.success('Lembrete enviado pelo WhatsApp da corretora');
      await invalidateOperations(queryClient, RELATIONSHIP_OPERATIONS.contactTimeline);
    },
    onError: (caught) => setError(apiErrorMessage(caught, 'Não foi possível enviar o lembrete.')),
  });
  const status = sent?.kind === 'whatsapp' && sent.status ? MESSAGE_STATUSES.find((option) => option.value === sent.status)?.label : null;
  return (
    <FormDialog
      title={`Lembrar ${item.contactName}`}
      submitLabel={sentEntry !== null ? 'Fechar' : connected ? 'Enviar pelo WhatsApp' : 'Abrir WhatsApp'}
      busy={send.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        // Sent: its status shows above; a second click closes instead of sending it again.
        if (sentEntry !== null) {
          onClose();
          return;
        }
        if (!templateId) {
          setError('Escolha um modelo de mensagem.');
          return;
        }
        send.mutate();
      }}
    >
      {error ? (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Field label="Modelo" required>
        <Select value={templateId} disabled={sentEntry !== null} onChange={(_event, data) => setChosen(data.value)}>
          {(templates.data ?? []).map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </Select>
      </Field>
      <Caption1 className={styles.muted}>
        {connected
          ? `Vai pelo número da corretora, para a apólice ${item.policyNumber}; fora das 24 horas da última mensagem do cliente, pelo modelo aprovado pela Meta ligado a este.`
          : `Abre o WhatsApp no seu celular com a mensagem da apólice ${item.policyNumber} preenchida.`}
      </Caption1>
      {sent?.kind === 'whatsapp' ? <Body1 role="status">{`${sent.text} — ${status ?? 'Enviando'}`}</Body1> : null}
    </FormDialog>
  );
}
