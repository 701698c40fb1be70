import {
  CATALOGUE_OPERATIONS,
  NEXT_ACTION_TYPES,
  RENEWAL_BUCKETS,
  formatCount,
  formatDate,
  optionLabel,
  type RenewalBucket,
  choiceOf,
  describeInsuredItem,
} from '@corretora/contracts';
import { useOperation } from '@corretora/web-kit';
import { Button, Caption1, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { Tab, TabList } from '@corretora/web-kit/fluent/tabs';
import { DataTable, QueryState, useMemberFilter } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { ClientLink } from '../../../components/client-link';
import { renewalReportCsvUrl, useRenewalReport, useRenewals } from '../api/renewals-api';
import { DecisionDialog, NextActionDialog, ReminderDialog, type RenewalDialog } from './renewal-dialogs';
import { RenewalQuoteDialog } from './renewal-quote-dialog';
import { wireMoney as money } from '../../../components/wire-money';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  // On a phone the buckets wrap onto a second row: every one stays in sight.
  buckets: { flexWrap: 'wrap', maxWidth: '100%' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  late: { color: tokens.colorPaletteRedForeground1 },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
});

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
  const [dialog, setDialog] = useState<RenewalDialog>(null);
  // In a team, one member's renewals (the counts follow) for whoever sees more than their own.
  const members = useMemberFilter(() => setPage(1));
  const { responsibleId } = members;
  const renewals = useRenewals({ page, bucket, responsibleId });
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
      {members.shown ? <div className={styles.row}>{members.filter}</div> : null}
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
                {
                  header: 'Apólice',
                  cell: (item) =>
                    [item.awaitingNumber ? 'aguardando nº' : item.policyNumber, describeInsuredItem(item.insuredItem)]
                      .filter(Boolean)
                      .join(' · '),
                },
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
                      {item.contactId !== null ? (
                        <Button
                          size="small"
                          aria-label={`Lembrar pelo WhatsApp: ${item.policyNumber}`}
                          onClick={() => setDialog({ kind: 'remind', item: { ...item, contactId: item.contactId! } })}
                        >
                          Lembrar
                        </Button>
                      ) : null}
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
      <RetentionReport />
      {dialog?.kind === 'next' ? (
        <NextActionDialog item={dialog.item} onClose={() => setDialog(null)} />
      ) : dialog?.kind === 'remind' ? (
        <ReminderDialog item={dialog.item} onClose={() => setDialog(null)} />
      ) : dialog?.kind === 'quote' ? (
        <RenewalQuoteDialog item={dialog.item} onClose={() => setDialog(null)} />
      ) : dialog ? (
        <DecisionDialog dialog={dialog} insurerName={insurerName} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}

/** Retention by month and insurer (renewed, lost, the rate and the premium kept), with its CSV. */
function RetentionReport() {
  const styles = useStyles();
  const report = useRenewalReport();
  return (
    <section aria-label="Retenção">
      <div className={styles.row}>
        <Subtitle2 as="h3">Retenção</Subtitle2>
        <Button as="a" size="small" href={renewalReportCsvUrl()} download>
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
  );
}
