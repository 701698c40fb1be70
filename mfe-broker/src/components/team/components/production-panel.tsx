import {
  FINANCE_OPERATIONS as OPS,
  LINE_KEYS,
  choiceOf,
  formatCount,
  formatMoney,
  monthName,
  saoPauloDay,
  shiftMonth,
  type LineKey,
  type ProductionRow,
} from '@corretora/contracts';
import { operationUrl, useOperation } from '@corretora/web-kit';
import { DataTable, LineOptions, QueryState, useTeam } from '@corretora/web-kit/ui';
import { Body1, Button, Field, Subtitle2 } from '@corretora/web-kit/fluent/core';
import { Select } from '@corretora/web-kit/fluent/select';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
});

const SHORT = new Intl.DateTimeFormat('pt-BR', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);
const thisMonth = () => saoPauloDay(new Date()).slice(0, 7);
/** The months offered: three years back to this one, newest first. */
const MONTHS = Array.from({ length: 36 }, (_, n) => shiftMonth(thisMonth(), -n));

type Totals = Omit<ProductionRow, 'month'>;
const EMPTY = { newPolicies: 0, premium: 0, commission: 0, leads: 0, won: 0, renewalsKept: 0, renewalsLost: 0 };
const FIGURES = ['newPolicies', 'premium', 'commission', 'leads', 'won', 'renewalsKept', 'renewalsLost'] as const;
const LINE_CHOICES = ['all', ...LINE_KEYS] as const;
const conversion = (row: Pick<Totals, 'won' | 'leads'>) =>
  row.leads === 0 ? '—' : `${((row.won * 100) / row.leads).toFixed(1).replace('.', ',')}%`;

/**
 * Equipe › Produção: the owner's picture of the team for a period — per member, the new
 * policies, their premium and commission, leads and their conversion, renewals kept and lost, and
 * the overdue work today; then month by month. Filters by period and line; the CSV has the same table.
 */
export default function ProductionPanel() {
  const styles = useStyles();
  const team = useTeam();
  const [from, setFrom] = useState(() => shiftMonth(thisMonth(), -5));
  const [to, setTo] = useState(thisMonth);
  const [line, setLine] = useState<LineKey | 'all'>('all');
  const query = { from, to, line };
  const report = useOperation(OPS.production, { query });
  const name = (memberId: string) => team.nameOf(memberId) ?? 'Membro desativado';
  const data = report.data;
  const overdue = new Map((data?.overdueTasks ?? []).map((entry) => [entry.memberId, entry.count]));
  const byMember = new Map<string, Totals>();
  for (const row of data?.rows ?? []) {
    const sum = byMember.get(row.memberId) ?? { ...EMPTY, memberId: row.memberId };
    for (const key of FIGURES) sum[key] += row[key];
    byMember.set(row.memberId, sum);
  }
  for (const memberId of overdue.keys()) if (!byMember.has(memberId)) byMember.set(memberId, { ...EMPTY, memberId });
  const members = [...byMember.values()].sort((a, b) => b.premium - a.premium || name(a.memberId).localeCompare(name(b.memberId)));
  const total = members.reduce<Totals>(
    (sum, row) => {
      for (const key of FIGURES) sum[key] += row[key];
      return sum;
    },
    { ...EMPTY, memberId: '' },
  );
  const leadsShown = line === 'all' && (data?.unavailable ?? []).length === 0;
  const columns = [
    { header: 'Apólices novas', cell: (row: Totals) => formatCount(row.newPolicies) },
    { header: 'Prêmio', cell: (row: Totals) => formatMoney(row.premium) },
    { header: 'Comissão', cell: (row: Totals) => formatMoney(row.commission) },
    ...(leadsShown
      ? [
          { header: 'Leads', cell: (row: Totals) => formatCount(row.leads) },
          { header: 'Conversão', cell: (row: Totals) => conversion(row) },
        ]
      : []),
    { header: 'Renovações mantidas', cell: (row: Totals) => formatCount(row.renewalsKept) },
    { header: 'Renovações perdidas', cell: (row: Totals) => formatCount(row.renewalsLost) },
  ];
  const monthSelect = (label: string, value: string, onChange: (month: string) => void) => (
    <Field label={label}>
      <Select value={value} onChange={(_event, option) => onChange(option.value)}>
        {MONTHS.map((month) => (
          <option key={month} value={month}>
            {monthName(month)}
          </option>
        ))}
      </Select>
    </Field>
  );

  return (
    <section className={styles.root} aria-label="Produção da equipe">
      <div className={styles.toolbar}>
        {monthSelect('De', from, setFrom)}
        {monthSelect('Até', to, setTo)}
        <Field label="Ramo">
          <Select value={line} onChange={(_event, option) => setLine(choiceOf(option.value, LINE_CHOICES) ?? 'all')}>
            <LineOptions any="Todos os ramos" />
          </Select>
        </Field>
        <Button as="a" href={operationUrl(OPS.productionCsv, { query })} download>
          Exportar CSV
        </Button>
      </div>
      {line !== 'all' ? <Body1>Leads e conversão não têm ramo: aparecem com “Todos os ramos”.</Body1> : null}
      {data?.unavailable.length ? <Body1>Leads, conversão e tarefas atrasadas indisponíveis agora.</Body1> : null}
      <QueryState query={report} loading="Carregando a produção…" error="Não foi possível carregar a produção.">
        {() => (
          <>
            <Subtitle2 as="h3">Por membro no período</Subtitle2>
            <DataTable
              label="Produção por membro"
              rows={members.length > 0 ? [...members, total] : []}
              rowKey={(row) => row.memberId || 'total'}
              empty="Nenhuma produção no período."
              columns={[
                { header: 'Membro', cell: (row: Totals) => (row.memberId ? name(row.memberId) : 'Total') },
                ...columns,
                {
                  header: 'Tarefas atrasadas hoje',
                  cell: (row: Totals) =>
                    formatCount(row.memberId ? (overdue.get(row.memberId) ?? 0) : [...overdue.values()].reduce((a, b) => a + b, 0)),
                },
              ]}
            />
            <Subtitle2 as="h3">Mês a mês</Subtitle2>
            <DataTable
              label="Produção mês a mês"
              rows={[...(data?.rows ?? [])].reverse()}
              rowKey={(row) => `${row.month} ${row.memberId}`}
              empty="Nenhuma produção no período."
              columns={[
                { header: 'Mês', cell: (row: ProductionRow) => SHORT.format(monthDate(row.month)) },
                { header: 'Membro', cell: (row: ProductionRow) => name(row.memberId) },
                ...columns,
              ]}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
