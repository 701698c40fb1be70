import {
  FINANCE_OPERATIONS as OPS,
  COMMISSION_PERIODS,
  LINE_KEYS,
  isLineKey,
  lineLabel,
  formatCount,
  formatMoney,
  type LineKey,
  choiceOf,
} from '@corretora/contracts';
import { QueryState, PageHeader, LineOptions } from '@corretora/web-kit/ui';
import { makeStyles, tokens } from '@fluentui/react-components';
import { operationUrl, useSearchParams } from '@corretora/web-kit';
import { Button, Caption1, Field, Spinner, Subtitle2, Text, Title3 } from '@corretora/web-kit/fluent/core';
import { Card } from '@corretora/web-kit/fluent/card';
import { ProgressBar } from '@corretora/web-kit/fluent/progress';
import { Select } from '@corretora/web-kit/fluent/select';
import { Tab, TabList } from '@corretora/web-kit/fluent/tabs';
import { lazy, Suspense, useState } from 'react';
import { COMMISSION_MONTHS, useCommissionsSummary } from '../features/commissions/api/commissions-api';
import { ratio } from '../components/ratio';

// The Apólices tab's table loads when the tab is first opened (Visão Geral is the default).
const ReceivablesPanel = lazy(() => import('../features/receivables/components/receivables-panel'));
const RepassePanel = lazy(() => import('../features/repasse/components/repasse-panel'));
const CommissionPoliciesTable = lazy(() =>
  import('../features/commissions/components/commission-policies-table').then((module) => ({ default: module.CommissionPoliciesTable })),
);

const useStyles = makeStyles({
  toolbar: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', marginBottom: tokens.spacingVerticalL },
  cards: {
    display: 'grid',
    // Two a row on a phone.
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  card: { gap: tokens.spacingVerticalXS },
  label: { color: tokens.colorNeutralForeground3 },
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalM },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(8rem, 12rem) 1fr minmax(8rem, auto)',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
  },
  tableWrap: { overflowX: 'auto', marginTop: tokens.spacingVerticalM },
  // Five tabs are wider than a phone: they scroll sideways instead of widening the page.
  tabs: { overflowX: 'auto', maxWidth: '100%' },
});

const TAB_PARAMS = {
  overview: 'visao-geral',
  policies: 'apolices',
  projections: 'projecoes',
  receivables: 'recebiveis',
  repasse: 'repasse',
} as const;
const TAB_KEYS = ['overview', 'policies', 'projections', 'receivables', 'repasse'] as const satisfies readonly (keyof typeof TAB_PARAMS)[];
const MONTH = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthLabel = (month: string) => MONTH.format(new Date(`${month}-01T12:00:00Z`));

/** A labelled bar: its value as text beside it, so the figure never depends on seeing the bar. */
function Bar({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  const styles = useStyles();
  return (
    <div className={styles.row}>
      <Text>{label}</Text>
      <ProgressBar value={ratio(value, max)} thickness="large" aria-label={`${label}: ${text}`} />
      <Text>{text}</Text>
    </div>
  );
}

/** 'Comissões': the four cards and the tabs Visão Geral, Apólices and Projeções, in integer cents from the server. */
export default function CommissionsPage() {
  const styles = useStyles();
  const [line, setLine] = useState<LineKey | 'all'>('all');
  const [months, setMonths] = useState(12);
  // ?aba=recebiveis opens Recebíveis (the dashboard's 'Diferenças em aberto' links there).
  const [params, setParams] = useSearchParams();
  const tab = TAB_KEYS.find((value) => TAB_PARAMS[value] === params.get('aba')) ?? 'overview';
  const setTab = (value: keyof typeof TAB_PARAMS) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (value === 'overview') next.delete('aba');
      else next.set('aba', TAB_PARAMS[value]);
      return next;
    });
  const report = useCommissionsSummary(line, months);

  return (
    <>
      <PageHeader
        title="Comissões"
        subtitle="Receita de comissões das suas apólices"
        actions={
          <Button
            as="a"
            href={operationUrl(OPS.commissionsCsv, { query: { line, months: choiceOf(String(months), COMMISSION_MONTHS) ?? '12' } })}
            download
          >
            Exportar CSV
          </Button>
        }
      />
      <div className={styles.toolbar}>
        <Field label="Ramo">
          <Select value={line} onChange={(_event, data) => setLine(isLineKey(data.value) ? data.value : 'all')}>
            <LineOptions any="Todos os ramos" />
          </Select>
        </Field>
        <Field label="Período">
          <Select value={String(months)} onChange={(_event, data) => setMonths(Number(data.value))}>
            {COMMISSION_PERIODS.map((period) => (
              <option key={period} value={period}>
                {period} meses
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <QueryState query={report} loading="Carregando comissões..." error="Não foi possível carregar as comissões. Tente novamente.">
        {(summary) => {
          // The lines with active policies, in the list's order.
          const byLine = LINE_KEYS.map((key) => ({ line: key, ...summary.commissionsByLine[key] })).filter((row) => row.count > 0);
          const largestMonth = Math.max(0, ...summary.monthlyBreakdown.map((month) => month.expectedRevenue));
          return (
            <>
              <div className={styles.cards}>
                {[
                  // The spec's four, with how each money figure is made (commission on the net premium).
                  ['Receita Mensal', formatMoney(summary.monthlyRevenue), 'Comissão anual ÷ 12'],
                  ['Receita Anual', formatMoney(summary.annualRevenue), 'Comissão anual das apólices em vigor'],
                  ['Apólices Ativas', formatCount(summary.activePolicies), ''],
                  ['Taxa Média', `${summary.averageCommissionRate.replace('.', ',')}%`, ''],
                ].map(([label, value, caption]) => (
                  <Card key={label} className={styles.card}>
                    <Caption1 className={styles.label}>{label}</Caption1>
                    <Title3 as="p">{value}</Title3>
                    {caption && <Caption1 className={styles.label}>{caption}</Caption1>}
                  </Card>
                ))}
              </div>
              <TabList
                className={styles.tabs}
                selectedValue={tab}
                onTabSelect={(_event, data) => setTab(choiceOf(data.value, TAB_KEYS) ?? 'overview')}
              >
                <Tab value="overview">Visão Geral</Tab>
                <Tab value="policies">Apólices</Tab>
                <Tab value="projections">Projeções</Tab>
                <Tab value="receivables">Recebíveis</Tab>
                <Tab value="repasse">Repasse</Tab>
              </TabList>
              {tab === 'repasse' && (
                <Suspense fallback={<Spinner label="Carregando repasse..." />}>
                  <RepassePanel />
                </Suspense>
              )}
              {tab === 'receivables' && (
                <Suspense fallback={<Spinner label="Carregando recebíveis..." />}>
                  <ReceivablesPanel />
                </Suspense>
              )}
              {tab === 'overview' && (
                <div className={styles.rows} role="tabpanel" aria-label="Visão Geral">
                  <Subtitle2>Comissão anual por ramo</Subtitle2>
                  {byLine.length === 0 && <Text>Nenhuma apólice ativa.</Text>}
                  {byLine.map((row) => (
                    <Bar
                      key={row.line}
                      label={`${lineLabel(row.line)} (${row.count === 1 ? '1 apólice' : `${formatCount(row.count)} apólices`})`}
                      value={row.revenue}
                      max={summary.annualRevenue}
                      text={formatMoney(row.revenue)}
                    />
                  ))}
                </div>
              )}
              {tab === 'policies' && (
                <div className={styles.tableWrap} role="tabpanel" aria-label="Apólices">
                  <Suspense fallback={<Spinner label="Carregando apólices..." />}>
                    <CommissionPoliciesTable line={line} />
                  </Suspense>
                </div>
              )}
              {tab === 'projections' && (
                <div className={styles.rows} role="tabpanel" aria-label="Projeções">
                  <Subtitle2>
                    Comissão prevista de cada mês nos próximos {months} meses: as parcelas que vencem nele e as renovações que caem nele
                    (nos termos de hoje)
                  </Subtitle2>
                  {summary.monthlyBreakdown.map((month) => (
                    <Bar
                      key={month.month}
                      label={`${monthLabel(month.month)} (${month.renewals === 1 ? '1 renovação' : `${formatCount(month.renewals)} renovações`})`}
                      value={month.expectedRevenue}
                      max={largestMonth}
                      text={formatMoney(month.expectedRevenue)}
                    />
                  ))}
                </div>
              )}
            </>
          );
        }}
      </QueryState>
    </>
  );
}
