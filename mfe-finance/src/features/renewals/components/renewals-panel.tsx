import {
  CATALOGUE_OPERATIONS,
  FINANCE_OPERATIONS as OPS,
  LOST_REASONS,
  NEXT_ACTION_TYPES,
  NextActionSchema,
  RENEWAL_BUCKETS,
  RenewalOutcomeSchema,
  RenewalQuoteSchema,
  centsToWire,
  formatCount,
  formatDate,
  formatMoney,
  maskDate,
  optionLabel,
  parseDate,
  wireToCents,
  type BodyInputOf,
  type LostReason,
  type RenewalBucket,
  type RenewalItem,
  choiceOf,
} from '@corretora/contracts';
import { ApiError, apiErrorMessage, callOperation, invalidateOperations, operationUrl, useOperation } from '@corretora/web-kit';
import { Body1, Button, Caption1, Field, Input, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { MessageBar, MessageBarBody } from '@corretora/web-kit/fluent/message-bar';
import { Select } from '@corretora/web-kit/fluent/select';
import { Tab, TabList } from '@corretora/web-kit/fluent/tabs';
import { Textarea } from '@corretora/web-kit/fluent/textarea';
import { DataTable, FormDialog, MaskedInput, MoneyInput, QueryState, useNotify, useFieldIssues } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ClientLink } from '../../../components/client-link';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  // On a phone the buckets wrap onto a second row: every one stays in sight.
  buckets: { flexWrap: 'wrap', maxWidth: '100%' },
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  late: { color: tokens.colorPaletteRedForeground1 },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
});

const money = (wire: string | null) => (wire === null ? '—' : formatMoney(wireToCents(wire)));
type Dialog = { kind: 'quote' | 'renewed' | 'lost' | 'next'; item: RenewalItem } | null;
/** What the outcome dialog sends: a quote, or the renewal's outcome. */
type Sent =
  { kind: 'quote'; body: BodyInputOf<typeof OPS.renewalQuote> } | { kind: 'outcome'; body: BodyInputOf<typeof OPS.renewalOutcome> };

function countdown(days: number): string {
  if (days < 0) return days === -1 ? 'venceu há 1 dia' : `venceu há ${formatCount(-days)} dias`;
  if (days === 0) return 'vence hoje';
  return days === 1 ? 'falta 1 dia' : `faltam ${formatCount(days)} dias`;
}

/** Renovações (Apólices): the open renewals by how close they are, quotes, and the outcome of each; the retention report. */
export default function RenewalsPanel() {
  const styles = useStyles();
  const [bucket, setBucket] = useState<RenewalBucket | 'all'>('all');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const renewals = useOperation(
    OPS.renewals,
    { query: { page: String(page), ...(bucket === 'all' ? {} : { bucket }) } },
    { keepPrevious: true },
  );
  const report = useOperation(OPS.renewalReport, { query: {} });
  const reference = useOperation(CATALOGUE_OPERATIONS.referenceData);
  const insurerName = (id: number | null) =>
    id === null ? '—' : (reference.data?.insurers.find((insurer) => insurer.id === id)?.name ?? '—');
  const counts = renewals.data?.counts;

  return (
    <div className={styles.panel} role="tabpanel" aria-label="Renovações">
      <TabList
        className={styles.buckets}
        selectedValue={bucket}
        onTabSelect={(_event, data) => setBucket(choiceOf(data.value, RENEWAL_BUCKETS) ?? 'all')}
        aria-label="Faixas de renovação"
      >
        <Tab value="all">Todas</Tab>
        {RENEWAL_BUCKETS.map((option) => (
          <Tab key={option.value} value={option.value}>{`${option.label} (${formatCount(counts?.[option.value] ?? 0)})`}</Tab>
        ))}
      </TabList>
      <QueryState query={renewals} loading="Carregando renovações..." error="Não foi possível carregar as renovações. Tente novamente.">
        {({ items, total, pageSize }) => (
          <>
            <DataTable
              label="Renovações"
              keyboardScroll
              rows={items}
              rowKey={(item) => item.id}
              empty="Nenhuma renovação nesta faixa."
              columns={[
                { header: 'Apólice', cell: (item) => (item.awaitingNumber ? 'aguardando nº' : item.policyNumber) },
                { header: 'Cliente', cell: (item) => <ClientLink id={item.contactId} name={item.contactName} /> },
                { header: 'Seguradora', cell: (item) => insurerName(item.insurerId) },
                {
                  header: 'Fim de vigência',
                  cell: (item) => (
                    <span
                      className={item.daysLeft < 0 ? styles.late : undefined}
                    >{`${formatDate(item.renewalDate)} (${countdown(item.daysLeft)})`}</span>
                  ),
                },
                { header: 'Prêmio atual', cell: (item) => money(item.premium) },
                {
                  header: 'Cotações',
                  cell: (item) =>
                    item.quotes.length === 0
                      ? '—'
                      : item.quotes.map((quote) => `${insurerName(quote.insurerId)}: ${money(quote.premium)}`).join('; '),
                },
                {
                  header: 'Classe de bônus',
                  cell: (item) => (item.bonusKeptUntil ? `mantida até ${formatDate(item.bonusKeptUntil)}` : '—'),
                },
                {
                  header: 'Próxima ação',
                  cell: (item) =>
                    item.nextAction ? (
                      `${optionLabel(NEXT_ACTION_TYPES, item.nextAction.type)} em ${formatDate(item.nextAction.dueAt)}${item.nextAction.note ? `: ${item.nextAction.note}` : ''}`
                    ) : (
                      <span className={styles.muted}>sem próxima ação</span>
                    ),
                },
                {
                  header: 'Ações',
                  cell: (item) => (
                    <div className={styles.actions}>
                      <Button
                        size="small"
                        aria-label={`Próxima ação de ${item.policyNumber}`}
                        onClick={() => setDialog({ kind: 'next', item })}
                      >
                        Próxima ação
                      </Button>
                      <Button
                        size="small"
                        aria-label={`Cotação para ${item.policyNumber}`}
                        onClick={() => setDialog({ kind: 'quote', item })}
                      >
                        Cotação
                      </Button>
                      <Button
                        size="small"
                        aria-label={`Renovada: ${item.policyNumber}`}
                        onClick={() => setDialog({ kind: 'renewed', item })}
                      >
                        Renovada
                      </Button>
                      <Button size="small" aria-label={`Perdida: ${item.policyNumber}`} onClick={() => setDialog({ kind: 'lost', item })}>
                        Perdida
                      </Button>
                    </div>
                  ),
                },
              ]}
            />
            {total > pageSize ? (
              <nav className={styles.row} aria-label="Páginas das renovações">
                <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Anterior
                </Button>
                <Caption1>{`${formatCount((page - 1) * pageSize + 1)}–${formatCount(Math.min(total, page * pageSize))} de ${formatCount(total)}`}</Caption1>
                <Button disabled={page * pageSize >= total} onClick={() => setPage(page + 1)}>
                  Próxima
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </QueryState>
      <section aria-label="Retenção">
        <div className={styles.row}>
          <Subtitle2 as="h3">Retenção</Subtitle2>
          <Button as="a" size="small" href={operationUrl(OPS.renewalReportCsv, { query: {} })} download>
            Baixar CSV
          </Button>
        </div>
        <QueryState query={report} loading="Carregando retenção..." error="Não foi possível carregar a retenção.">
          {(rows) => (
            <DataTable
              label="Retenção por mês e seguradora"
              keyboardScroll
              rows={rows}
              rowKey={(row) => `${row.month}-${row.insurerId ?? 0}`}
              empty="Nenhuma renovação no período."
              columns={[
                { header: 'Mês', cell: (row) => `${row.month.slice(5)}/${row.month.slice(0, 4)}` },
                { header: 'Seguradora', cell: (row) => row.insurerName },
                { header: 'A vencer', cell: (row) => formatCount(row.due) },
                { header: 'Renovadas', cell: (row) => formatCount(row.renewed) },
                { header: 'Perdidas', cell: (row) => formatCount(row.lost) },
                {
                  header: 'Taxa',
                  cell: (row) => (row.rate === null ? '—' : `${(Number(row.rate) * 100).toFixed(1).replace('.', ',')}%`),
                },
                { header: 'Prêmio renovado', cell: (row) => `${money(row.renewedPremium)} de ${money(row.duePremium)}` },
              ]}
            />
          )}
        </QueryState>
      </section>
      {dialog?.kind === 'next' ? (
        <NextActionDialog item={dialog.item} onClose={() => setDialog(null)} />
      ) : dialog ? (
        <DecisionDialog dialog={dialog} insurerName={insurerName} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}

/** Cotação, Renovada or Perdida for one renewal: its fields, the server's field messages inline. */
function DecisionDialog({
  dialog,
  insurerName,
  onClose,
}: {
  dialog: NonNullable<Dialog>;
  insurerName: (id: number | null) => string;
  onClose: () => void;
}) {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const reference = useOperation(CATALOGUE_OPERATIONS.referenceData);
  const { item, kind } = dialog;
  const [insurerId, setInsurerId] = useState(kind === 'quote' ? '' : String(item.insurerId ?? ''));
  const [premium, setPremium] = useState<number | null>(null);
  const [quoteId, setQuoteId] = useState('');
  const [policyNumber, setPolicyNumber] = useState('');
  const [reason, setReason] = useState<LostReason | ''>('');
  const [note, setNote] = useState('');
  const { issues, setIssues, check } = useFieldIssues();
  const save = useMutation({
    mutationFn: async (request: Sent): Promise<void> => {
      if (request.kind === 'quote') await callOperation(OPS.renewalQuote, { params: { id: item.id }, body: request.body });
      else await callOperation(OPS.renewalOutcome, { params: { id: item.id }, body: request.body });
    },
    onSuccess: async () => {
      await invalidateOperations(queryClient, OPS.renewals, OPS.renewalReport, OPS.policies);
      notify.success(kind === 'quote' ? 'Cotação registrada' : kind === 'lost' ? 'Renovação perdida registrada' : 'Apólice renovada');
      onClose();
    },
    onError: (error) => {
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
  const title = kind === 'quote' ? 'Registrar cotação' : kind === 'lost' ? 'Renovação perdida' : 'Renovar apólice';
  return (
    <FormDialog
      title={`${title}: ${item.policyNumber}`}
      submitLabel={kind === 'quote' ? 'Registrar cotação' : kind === 'lost' ? 'Registrar perda' : 'Renovar'}
      busy={save.isPending}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (kind === 'quote') {
          const body = check(RenewalQuoteSchema, {
            insurerId: Number(insurerId),
            premium: premium === null ? '' : centsToWire(premium),
            note: note || null,
          });
          if (body) save.mutate({ kind: 'quote', body });
          return;
        }
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
        if (body) save.mutate({ kind: 'outcome', body });
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
        {kind === 'quote' || (kind === 'renewed' && !quoteId) ? (
          <Field label="Seguradora" required={kind === 'quote'} validationMessage={issues.insurerId}>
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
          <Field
            label={kind === 'quote' ? 'Prêmio cotado' : 'Prêmio do novo período'}
            required={kind === 'quote'}
            validationMessage={issues.premium}
          >
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
function NextActionDialog({ item, onClose }: { item: RenewalItem; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [date, setDate] = useState(item.nextAction ? formatDate(item.nextAction.dueAt) : '');
  const [type, setType] = useState<string>(item.nextAction?.type ?? 'ligar');
  const [note, setNote] = useState(item.nextAction?.note ?? '');
  const { issues, setIssues, fail, check } = useFieldIssues();
  const save = useMutation({
    mutationFn: (body: BodyInputOf<typeof OPS.renewalNextAction>) =>
      callOperation(OPS.renewalNextAction, { params: { id: item.id }, body }),
    onSuccess: async () => {
      await invalidateOperations(queryClient, OPS.renewals);
      notify.success('Próxima ação salva');
      onClose();
    },
    onError: (error) => fail(error, 'Não foi possível salvar.'),
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
