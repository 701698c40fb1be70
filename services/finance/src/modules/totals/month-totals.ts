import { SAO_PAULO, type LineKey, type PolicyType } from '@corretora/contracts';
import type { BrokerScopedTable, Jobs } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import { COMMISSION_CENTS, TODAY } from '../policies/policy-sql';
import type { ReceivableSettingsService } from '../policies/receivable-settings.service';
import { ReceivableMonths } from './receivable-months';
import { MONTH_END, instalmentFigures, markedMonths, type KindFilter } from './totals-sql';

/**
 * Waits for the job's sum of the brokerage's months under way, and keeps the next one out until the
 * transaction ends: Limpar Dados takes it before it deletes the totals, or a sum read from the rows
 * before the clear would be written after it, with no mark left to correct it.
 */
export async function lockTotals(trx: Knex.Transaction, userId: string): Promise<void> {
  for (const dirty of ['instalment_months_dirty', 'policy_months_dirty'])
    await trx.raw('select pg_advisory_xact_lock(hashtext(?), hashtext(?))', [dirty, userId]);
}

/**
 * A large brokerage's figures from totals kept per month (#63; the tables and the triggers that mark
 * a month dirty: migration 20261221000000_month_totals): a read sums the clean months' totals and
 * reads the dirty months (and those cut by today) from the rows, so a figure is the rows' exactly,
 * whenever the job last ran; the job (`month_totals`, every minute and after a start) recomputes
 * the dirty months.
 */
export class MonthTotals {
  private readonly instalmentMonths: BrokerScopedTable;
  private readonly instalmentDays: BrokerScopedTable;
  private readonly policyMonths: BrokerScopedTable;
  private readonly instalmentDirty: BrokerScopedTable;
  private readonly policyDirty: BrokerScopedTable;
  private readonly instalments: BrokerScopedTable;
  private readonly policies: BrokerScopedTable;
  private readonly lines: BrokerScopedTable;

  /** Recebíveis' totals per insurer, summed for the same marked months. */
  readonly receivableMonths: ReceivableMonths;

  constructor(
    private readonly knex: Knex,
    private readonly settings: ReceivableSettingsService,
    /** Run in the transaction that sums a brokerage's written policy months, before their marks go (the renewal items). */
    private readonly afterPolicyMonths: (trx: Knex.Transaction, userId: string) => Promise<unknown> = async () => undefined,
  ) {
    this.receivableMonths = new ReceivableMonths(knex);
    this.instalmentMonths = tables.scoped(knex, 'instalment_months');
    this.instalmentDays = tables.scoped(knex, 'instalment_days');
    this.policyMonths = tables.scoped(knex, 'policy_months');
    this.instalmentDirty = tables.scoped(knex, 'instalment_months_dirty');
    this.policyDirty = tables.scoped(knex, 'policy_months_dirty');
    this.instalments = tables.scoped(knex, 'policy_instalments');
    this.policies = tables.scoped(knex, 'policies');
    this.lines = tables.scoped(knex, 'statement_lines');
  }

  schedule(jobs: Jobs): void {
    jobs.work('month_totals', () => this.refresh());
    jobs.schedule('month_totals', '* * * * *', { tz: SAO_PAULO });
    jobs.sendOnStart('month_totals');
  }

  /** Recomputes every dirty month, a few at a time (each in its own transaction); how many it did. */
  async refresh(): Promise<number> {
    let done = 0;
    for (;;) {
      const batch =
        (await this.refreshSome('instalment_months_dirty', (trx, userId, months) => this.refreshInstalmentMonths(trx, userId, months))) +
        (await this.refreshSome('policy_months_dirty', (trx, userId, months) => this.refreshPolicyMonths(trx, userId, months)));
      if (batch === 0) return done;
      done += batch;
    }
  }

  /**
   * Up to 200 dirty months, a brokerage's (at most 12 of them) summed in one transaction that then
   * removes the very marks it saw: a mark committed meanwhile (and the write it stands for, which
   * the sums may have missed) stays for the next run. Returns how many months it summed.
   */
  private async refreshSome(
    dirty: 'instalment_months_dirty' | 'policy_months_dirty',
    recompute: (trx: Knex.Transaction, userId: string, months: string[]) => Promise<void>,
  ): Promise<number> {
    // The marks of every brokerage: the job works for all of them, a brokerage at a time.
    const { rows } = await this.knex.raw<{ rows: { userId: string; month: string; ids: string[] }[] }>(
      `select user_id as "userId", month::text as month, array_agg(id)::text[] as ids from ?? group by 1, 2 order by 1, 2 limit 200`,
      [dirty],
    );
    const table = dirty === 'instalment_months_dirty' ? this.instalmentDirty : this.policyDirty;
    const chunks: { userId: string; months: string[]; ids: string[] }[] = [];
    for (const { userId, month, ids } of rows) {
      const last = chunks.at(-1);
      if (last?.userId === userId && last.months.length < 12) {
        last.months.push(month);
        last.ids.push(...ids);
      } else chunks.push({ userId, months: [month], ids: [...ids] });
    }
    for (const { userId, months, ids } of chunks) {
      await this.knex.transaction(async (trx) => {
        // One sum of a brokerage's months at a time, whatever runs it (the job layer runs one, a test may run
        // another), and never beside Limpar Dados (lockTotals).
        await trx.raw('select pg_advisory_xact_lock(hashtext(?), hashtext(?))', [dirty, userId]);
        await recompute(trx, userId, months);
        await table.of(userId, trx).rows().whereIn('id', ids).delete();
      });
    }
    return rows.length;
  }

  private async refreshInstalmentMonths(trx: Knex.Transaction, userId: string, months: string[]): Promise<void> {
    const { toleranceCents } = await this.settings.get(userId, trx);
    const chosen = 'select unnest(?::date[]) as month';
    await this.instalmentMonths.of(userId, trx).rows().whereIn('month', months).delete();
    await this.instalmentDays.of(userId, trx).rows().whereRaw(`date_trunc('month', day)::date = any(?::date[])`, [months]).delete();
    await trx.raw(
      `insert into instalment_days (user_id, day, responsible_id, unpaid_instalments, unpaid_expected)
       select ?::uuid, due_date, responsible_id, count(*), sum(expected)
         from (${instalmentFigures(chosen, { sql: [], bindings: [] })}) f where received is null
        group by due_date, responsible_id`,
      [userId, months, ...this.rowTables(userId, trx)],
    );
    await trx.raw(
      `insert into instalment_months (user_id, month, responsible_id, type, line, instalments, expected, unpaid_instalments, unpaid_expected,
                                      receivable, off_instalments, off_amount)
       select ?::uuid, month, responsible_id, type, line, count(*), sum(expected),
              count(*) filter (where received is null), coalesce(sum(expected) filter (where received is null), 0),
              coalesce(sum(greatest(expected - coalesce(received, 0), 0)) filter (where not chargeback), 0),
              count(*) filter (where off), coalesce(sum(abs(received - expected)) filter (where off), 0)
         from (select *, received is not null and not chargeback and abs(received - expected) * 100 > ?::int as off
                 from (${instalmentFigures(chosen, { sql: [], bindings: [] })}) f) x
        group by month, responsible_id, type, line`,
      [userId, toleranceCents, months, ...this.rowTables(userId, trx)],
    );
    await this.receivableMonths.recompute(trx, userId, months, toleranceCents);
  }

  private async refreshPolicyMonths(trx: Knex.Transaction, userId: string, months: string[]): Promise<void> {
    await this.policyMonths.of(userId, trx).rows().whereIn('month', months).delete();
    await trx.raw(
      `insert into policy_months (user_id, month, responsible_id, type, line, policies, commission_cents, base_cents)
       select ?::uuid, m.month, p.responsible_id, p.type, p.line, count(*), sum(${COMMISSION_CENTS}),
              sum((coalesce(p.net_premium, p.premium) * 100)::bigint)
         from (select unnest(?::date[]) as month) m join ? on p.renewal_date >= m.month and p.renewal_date < ${MONTH_END}
        where p.status = 'active'
        group by m.month, p.responsible_id, p.type, p.line`,
      [userId, months, this.policies.of(userId, trx).from('p')],
    );
    await this.afterPolicyMonths(trx, userId);
  }

  /** The scoped instalments, policies and statement lines instalmentFigures binds. */
  private rowTables(userId: string, trx: Knex | Knex.Transaction = this.knex): Knex.Raw[] {
    return [this.instalments.of(userId, trx).from('i'), this.policies.of(userId, trx).from('p'), this.lines.of(userId, trx).from('s')];
  }

  /**
   * The commission the instalments due in each of the `months` months from this one expect ('YYYY-MM'
   * -> cents), of a type and line: what Recebíveis expects for the same month.
   */
  async expectedByMonth(reader: Knex, userId: string, months: number, kind: KindFilter): Promise<Map<string, number>> {
    const window = `date_trunc('month', ${TODAY})::date`;
    const inWindow = (column: string) => `${column} >= ${window} and ${column} < (${window} + make_interval(months => ?::int))::date`;
    const dirty = await markedMonths(reader, userId, this.instalmentDirty);
    const fromRows =
      dirty.length === 0
        ? ''
        : `union all select month, expected from (${instalmentFigures(`select unnest(?::date[]) as month`, kind)}) f where ${inWindow('month')}`;
    const { rows } = await reader.raw<{ rows: { month: string; cents: string }[] }>(
      `select to_char(month, 'YYYY-MM') as month, (sum(expected) * 100)::bigint::text as cents from (
         select p.month, p.expected from ?
          where ${inWindow('p.month')} and p.month <> all(?::date[])${kind.sql.map((condition) => ` and ${condition}`).join('')}
         ${fromRows}
       ) x group by 1`,
      [
        // Its rows alias p, so the type and line conditions read them as they read a policy.
        this.instalmentMonths.of(userId, reader).from('p'),
        months,
        dirty,
        ...kind.bindings,
        ...(dirty.length === 0 ? [] : [dirty, ...this.rowTables(userId, reader), ...kind.bindings, months]),
      ],
    );
    return new Map(rows.map((row) => [row.month, Number(row.cents)]));
  }

  /**
   * The active policies (active, renewing from today) grouped by type, line and renewal month, with
   * their annual commission and its base in cents: the clean months after this one from the totals,
   * this month (cut by today) and the marked ones from the rows, by the renewal date's index.
   */
  async activeGroups(reader: Knex, userId: string, kind: KindFilter): Promise<ActiveRow[]> {
    const thisMonth = `date_trunc('month', ${TODAY})::date`;
    const dirty = await markedMonths(reader, userId, this.policyDirty);
    const { rows } = await reader.raw<{ rows: ActiveRow[] }>(
      `select type, line, to_char(month, 'YYYY-MM') as "renewalMonth", sum(policies)::int as count,
              sum(commission_cents)::bigint::text as revenue, sum(base_cents)::bigint::text as base from (
         select p.type, p.line, p.month, p.policies, p.commission_cents, p.base_cents from ?
          where p.month > ${thisMonth} and p.month <> all(?::date[])${kind.sql.map((condition) => ` and ${condition}`).join('')}
         union all
         select p.type, p.line, m.month, 1, ${COMMISSION_CENTS}, (coalesce(p.net_premium, p.premium) * 100)::bigint
           from (select month from unnest(?::date[]) as month where month >= ${thisMonth} union select ${thisMonth}) m
           join ? on p.renewal_date >= greatest(m.month, ${TODAY}) and p.renewal_date < ${MONTH_END}
          where p.status = 'active'${kind.sql.map((condition) => ` and ${condition}`).join('')}
       ) x group by 1, 2, 3`,
      [
        this.policyMonths.of(userId, reader).from('p'),
        dirty,
        ...kind.bindings,
        dirty,
        this.policies.of(userId, reader).from('p'),
        ...kind.bindings,
      ],
    );
    return rows;
  }

  /**
   * The Painel's 'A receber este mês' (this month's expected commission less what statements paid on
   * each instalment, never below zero, estornos aside) and 'Diferenças em aberto' (instalments due up
   * to this month paid off the tolerance, or not paid `graceDays` after their due date: how many and
   * the sum of their differences), in cents. The marked months are read from the rows; the others from
   * the months' totals, and the unpaid ones of the month the grace days cut from the days' totals.
   */
  async receivables(
    reader: Knex,
    userId: string,
  ): Promise<{ receivableThisMonth: number; openDifferences: { count: number; amount: number } }> {
    const [{ toleranceCents, graceDays }, dirty] = await Promise.all([
      this.settings.get(userId, reader),
      markedMonths(reader, userId, this.instalmentDirty),
    ]);
    const thisMonth = `date_trunc('month', ${TODAY})::date`;
    // Unpaid past its grace: due before this day.
    const cut = `(${TODAY} - ?::int)`;
    const cutMonth = `date_trunc('month', ${cut})::date`;
    const fromRows =
      dirty.length === 0
        ? ''
        : `union all
         select case when month = ${thisMonth} and not chargeback then greatest(expected - coalesce(received, 0), 0) else 0 end,
                case when open then 1 else 0 end, case when open then abs(coalesce(received, 0) - expected) else 0 end
           from (select *, not chargeback and ((received is null and due_date < ${cut}) or
                   (received is not null and abs(received - expected) * 100 > ?::int)) as open
                   from (${instalmentFigures(`select month from unnest(?::date[]) as month where month <= ${thisMonth}`, { sql: [], bindings: [] })}) f) x`;
    const { rows } = await reader.raw<{ rows: { receivable: string; count: number; amount: string }[] }>(
      `select (coalesce(sum(receivable), 0) * 100)::bigint::text as receivable, coalesce(sum(n), 0)::int as count,
              (coalesce(sum(amount), 0) * 100)::bigint::text as amount from (
         select case when p.month = ${thisMonth} then p.receivable else 0 end as receivable,
                p.off_instalments + case when p.month < ${cutMonth} then p.unpaid_instalments else 0 end as n,
                p.off_amount + case when p.month < ${cutMonth} then p.unpaid_expected else 0 end as amount
           from ? where p.month <= ${thisMonth} and p.month <> all(?::date[])
         union all
         select 0, p.unpaid_instalments, p.unpaid_expected
           from ? where p.day >= ${cutMonth} and p.day < ${cut} and ${cutMonth} <> all(?::date[])
         ${fromRows}
       ) y`,
      [
        graceDays,
        graceDays,
        this.instalmentMonths.of(userId, reader).from('p'),
        dirty,
        this.instalmentDays.of(userId, reader).from('p'),
        graceDays,
        graceDays,
        graceDays,
        dirty,
        ...(dirty.length === 0 ? [] : [graceDays, toleranceCents, dirty, ...this.rowTables(userId, reader)]),
      ],
    );
    const row = rows[0]!;
    return { receivableThisMonth: Number(row.receivable), openDifferences: { count: row.count, amount: Number(row.amount) } };
  }
}

/** activeGroups' rows: money as text (bigint). */
export interface ActiveRow {
  type: PolicyType;
  line: LineKey;
  renewalMonth: string;
  count: number;
  revenue: string;
  base: string;
}
