import {
  IssueNumberSchema,
  POLICY_PDF_MAX_BYTES,
  formatDate,
  formatMoney,
  formatPhone,
  wireToCents,
  type PipelineCard,
} from '@corretora/contracts';
import { UploadList, useUploads } from '@corretora/web-kit/uploads';
import { TextField, useFormErrors, useNotify, useSchemaForm, useTeam, type ParticipantRow } from '@corretora/web-kit/ui';
import { AttachRegular } from '@fluentui/react-icons';
import { Suspense, lazy, useRef, useState } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Body1, Button, Caption1, Spinner } from '@corretora/web-kit/fluent/core';
import { Badge } from '@corretora/web-kit/fluent/badge';
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@corretora/web-kit/fluent/dialog';
import { ApiError } from '@corretora/web-kit';
import { sendPolicyPdf, useConfirmIssuance, useFinanceRefresh } from '../api/lead-api';
import { NOT_SPECIFIED, useReferenceNames } from '../../../lib/reference-names';
import { DisclosureNotice } from '../../../components/disclosure-notice';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  attach: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalM },
  number: { marginTop: tokens.spacingVerticalM },
  split: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalM },
});

const IssueSplit = lazy(() => import('./issue-split'));

const money = (wire: string | null) => (wire === null ? NOT_SPECIFIED : formatMoney(wireToCents(wire)));

/** A Finalizado card: the sale's summary, editing the sale, and 'Confirmar emissão'. */
export function ClosedSummaryDialog({
  card,
  onClose,
  onEdit,
}: {
  card: PipelineCard;
  onClose: () => void;
  onEdit: (card: PipelineCard) => void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const issue = useConfirmIssuance();
  const refreshFinance = useFinanceRefresh();
  const attach = useUploads((file, options) => sendPolicyPdf(card, file, options), {
    // The server decides by the bytes; this only spares a pointless upload.
    check: (file) => (file.size > POLICY_PDF_MAX_BYTES ? 'a apólice deve ter no máximo 25 MB.' : null),
    // The spec's toasts, beside the file's line (which says why one was refused).
    onSent: () => {
      notify.success('Documento anexado', 'A apólice foi anexada com sucesso.');
      refreshFinance();
    },
    onFailed: () => notify.error('Erro', 'Falha ao anexar documento.'),
  });
  const chooser = useRef<HTMLInputElement>(null);
  const busy = issue.isPending || attach.sending;
  const issued = card.status === 'issued';
  // The insurer's number, when the broker already has it: checked by the issue's own schema before sending.
  const { control, handleSubmit, setError } = useSchemaForm(IssueNumberSchema, { defaultValues: { policyNumber: '' } });
  const onIssueError = useFormErrors(setError);
  // Owners and admins may split the commission (repasse) as they issue; by default it is the responsible member's.
  const team = useTeam();
  const [split, setSplit] = useState<ParticipantRow[] | null>(null);
  const [splitErrors, setSplitErrors] = useState<Record<string, string>>({});
  const onFile = (file: File | undefined) => {
    if (file) attach.add([file]);
  };
  const confirm = handleSubmit(async ({ policyNumber }) => {
    const checked = split ? (await import('./issue-split')).checkParticipants(split) : null;
    if (checked && 'errors' in checked) {
      setSplitErrors(checked.errors);
      return;
    }
    setSplitErrors({});
    issue.mutate(
      { id: card.id, policyNumber, ...(checked ? { participants: checked.participants } : {}) },
      {
        onSuccess: () => {
          notify.success(
            'Apólice confirmada',
            policyNumber
              ? 'A apólice foi emitida e movida para a seção de Seguros.'
              : 'A apólice foi emitida e movida para a seção de Seguros. Ela aguarda o nº da seguradora (informe em Apólices).',
          );
          onClose();
        },
        onError: (error) => {
          const issues = error instanceof ApiError ? (error.body?.issues ?? []) : [];
          const ofSplit = issues.filter((entry) => entry.path.startsWith('participants'));
          if (ofSplit.length > 0) setSplitErrors(Object.fromEntries(ofSplit.map((entry) => [entry.path, entry.message])));
          else onIssueError(error, 'Falha ao confirmar emissão da apólice.');
        },
      },
    );
  });
  return (
    <Dialog open onOpenChange={(_event, data) => (!data.open && !busy ? onClose() : undefined)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Venda finalizada</DialogTitle>
          <DialogContent>
            {issued ? (
              <Badge color="success" appearance="filled">
                Apólice emitida
              </Badge>
            ) : (
              <Body1>Confira os dados e confirme a emissão da apólice.</Body1>
            )}
            <SaleFacts card={card} />
            {!issued && <DisclosureNotice cardId={card.id} />}
            {!issued && (
              <TextField
                className={styles.number}
                control={control}
                name="policyNumber"
                label="Nº da apólice na seguradora"
                hint="Deixe em branco se ainda não tem: a apólice fica aguardando o nº da seguradora."
                maxLength={40}
                disabled={busy}
                autoComplete="off"
              />
            )}
            {!issued && team.manager && (
              <section className={styles.split} aria-label="Repasse">
                {split ? (
                  <Suspense fallback={<Spinner size="tiny" label="Carregando..." />}>
                    <IssueSplit team={team} rows={split} onChange={setSplit} errors={splitErrors} />
                  </Suspense>
                ) : (
                  <Button
                    onClick={() => setSplit([{ memberId: card.responsibleId, name: '', role: 'producer', share: '100', percent: '' }])}
                    disabled={busy}
                  >
                    Dividir a comissão (repasse)
                  </Button>
                )}
              </section>
            )}
            {!issued && (
              <div className={styles.attach}>
                <Button onClick={() => chooser.current?.click()} disabled={busy} icon={<AttachRegular />}>
                  Anexar apólice (PDF)
                </Button>
                <Caption1>PDF até 25MB</Caption1>
                <input
                  ref={chooser}
                  type="file"
                  accept="application/pdf,.pdf"
                  hidden
                  aria-label="Anexar apólice (PDF)"
                  onChange={(event) => {
                    onFile(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
              </div>
            )}
            {!issued && <UploadList items={attach.items} onCancel={attach.cancel} onRetry={attach.retry} label="Apólice anexada" />}
          </DialogContent>
          <DialogActions>
            {!issued ? (
              <Button appearance="subtle" onClick={() => onEdit(card)} disabled={busy}>
                Editar dados da venda
              </Button>
            ) : null}
            <Button appearance="secondary" onClick={onClose} disabled={busy}>
              Fechar
            </Button>
            {!issued ? (
              <Button
                appearance="primary"
                onClick={() => void confirm()}
                disabled={busy}
                icon={issue.isPending ? <Spinner size="tiny" /> : undefined}
              >
                Confirmar emissão
              </Button>
            ) : null}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The sale as the card holds it: the client, the policy's terms and money (the commission only for who sees money). */
function SaleFacts({ card }: { card: PipelineCard }) {
  const styles = useStyles();
  const names = useReferenceNames();
  const team = useTeam();
  const rows: [string, string][] = [
    ['Cliente', card.contact.name],
    ['Telefone', formatPhone(card.contact.phone) || NOT_SPECIFIED],
    ['Tipo de seguro', names.product(card.contact.productId)],
    ['Origem', names.leadSource(card.contact.leadSourceId)],
    ['Seguradora', names.insurer(card.insurerId)],
    ['Vigência', card.startDate && card.endDate ? `${formatDate(card.startDate)} a ${formatDate(card.endDate)}` : NOT_SPECIFIED],
    ['Prêmio líquido', money(card.premioLiquido)],
    ['IOF', money(card.iof)],
    ['Juros', money(card.juros)],
    ['Prêmio total', money(card.totalPremium)],
    // An assistant sees no commission (the API answers it null).
    ...(team.money
      ? ([
          [
            'Comissão',
            card.commissionPercentage === null
              ? money(card.commissionAmount)
              : `${card.commissionPercentage.replace('.', ',')}% · ${money(card.commissionAmount)}`,
          ],
        ] satisfies [string, string][])
      : []),
  ];
  return (
    <dl className={styles.list}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
