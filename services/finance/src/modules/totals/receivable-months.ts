import type { BrokerScopedTable } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import { TODAY } from '../policies/policy-sql';
import type { Reconciliation } from '../policies/receivable-settings.service';
import { instalmentFigures, markedMonths, type KindFilter } from './totals-sql';

/** A month's figures of an insurer (0: none) in cents, and its instalments and open differences. */
export interface InsurerSums {
  insurerId: number;
  instalments: number;
  expected: number;
  received: number;
  iss: number;
  irrf: number;
  net: number;
  open: number;
}

const NO_KIND: KindFilter = { sql: [], bindings: [] };

/** One insurer (0: the policies with none), or every one. */
const insurerKind = (insurerId: number | undefined): KindFilter =>
  insurerId === undefined ? NO_KIND : { sql: ['coalesce(p.insurer_id, 0) = ?::int'], bindings: [insurerId] };

/** Sums of money columns in cents (bigint, as text: a large book's totals pass 2^31). */
const centsOf = (column: string) => `(coalesce(sum(${column}), 0) * 100)::bigint::text`;

interface SumsRow {
  insurerId: number;
  instalments: number;
  expected: string;
  received: string;
  iss: string;
  irrf: string;
  net: string;
  open: number;
}

/**
 * Recebíveis of a large brokerage from totals per due month, insurer and member (#63; the tables:
 * migration 20261222000000_receivable_months), kept by the month-totals job for the months the
 * instalments' marks name (the same marks as instalment_months): a read sums a clean month's totals
 * and reads a marked month from the rows, so its figures are the rows' exactly.
 */
export class ReceivableMonths {
  private readonly months: BrokerScopedTable;
  private readonly days: BrokerScopedTable;
  private readonly dirty: BrokerScopedTable;
  private readonly instalments: BrokerScopedTable;
  private readonly policies: BrokerScopedTable;
  private readonly lines: BrokerScopedTable;

  constructor(knex: Knex) {
    this.months = tables.scoped(knex, 'receivable_months');
    this.days = tables.scoped(knex, 'receivable_days');
    this.dirty = tables.scoped(knex, 'instalment_months_dirty');
    this.instalments = tables.scoped(knex, 'policy_instalments');
    this.policies = tables.scoped(knex, 'policies');
    this.lines = tables.scoped(knex, 'statement_lines');
  }

  /** The job's part, in its transaction: the `months` ('YYYY-MM-DD', first days) summed again from the rows. */
  async recompute(trx: Knex.Transaction, userId: string, months: string[], toleranceCents: number): Promise<void> {
    await this.months.of(userId, trx).rows().whereIn('month', months).delete();
    await this.days.of(userId, trx).rows().whereRaw(`date_trunc('month', day)::date = any(?::date[])`, [months]).delete();
    const figures = instalmentFigures('select unnest(?::date[]) as month', NO_KIND);
    await trx.raw(
      `insert into receivable_days (user_id, day, insurer_id, responsible_id, unpaid_instalments)
       select ?::uuid, due_date, insurer_id, responsible_id, count(*) from (${figures}) f where received is null
        group by due_date, insurer_id, responsible_id`,
      [userId, months, ...this.rowTables(userId, trx)],
    );
    await trx.raw(
      `insert into receivable_months (user_id, month, insurer_id, responsible_id, instalments, expected, received, iss, irrf, net,
                                      off_instalments, unpaid_instalments)
       select ?::uuid, month, insurer_id, responsible_id, count(*), sum(expected), coalesce(sum(received), 0), coalesce(sum(iss), 0),
              coalesce(sum(irrf), 0), coalesce(sum(net), 0),
              count(*) filter (where received is not null and not chargeback and abs(received - expected) * 100 > ?::int),
              count(*) filter (where received is null)
         from (${figures}) f
        group by month, insurer_id, responsible_id`,
      [userId, toleranceCents, months, ...this.rowTables(userId, trx)],
    );
  }

  /**
   * A month's ('YYYY-MM-01') figures per insurer, of one insurer (0: none) or all: what statements
   * paid and how many differences are open (paid off the tolerance, or nothing paid `graceDays`
   * after the due day: a cut the days' totals place inside a month).
   */
  /** The months whose totals wait for the job (read from the rows meanwhile): one read a screen can share. */
  marks(reader: Knex, userId: string): Promise<string[]> {
    return markedMonths(reader, userId, this.dirty);
  }

  async byInsurer(
    reader: Knex,
    userId: string,
    month: string,
    insurerId: number | undefined,
    settings: Reconciliation,
    marks: Promise<string[]> = this.marks(reader, userId),
  ): Promise<InsurerSums[]> {
    const kind = insurerKind(insurerId);
    const cut = `(${TODAY} - ?::int)`;
    const conditions = kind.sql.map((condition) => ` and ${condition}`).join('');
    const sums = `p.insurer_id as "insurerId", sum(instalments)::int as instalments, ${centsOf('expected')} as expected,
                  ${centsOf('received')} as received, ${centsOf('iss')} as iss, ${centsOf('irrf')} as irrf, ${centsOf('net')} as net,
                  sum(open)::int as open`;
    const marked = (await marks).includes(month);
    const { rows } = marked
      ? await reader.raw<{ rows: SumsRow[] }>(
          `select ${sums} from (
             select insurer_id, 1 as instalments, expected, received, iss, irrf, net,
                    case when not chargeback and ((received is null and due_date < ${cut})
                      or (received is not null and abs(received - expected) * 100 > ?::int)) then 1 else 0 end as open
               from (${instalmentFigures('select ?::date as month', kind)}) f
           ) p group by p.insurer_id`,
          [settings.graceDays, settings.toleranceCents, month, ...this.rowTables(userId, reader), ...kind.bindings],
        )
      : await reader.raw<{ rows: SumsRow[] }>(
          `select ${sums} from (
             select p.insurer_id, p.instalments, p.expected, p.received, p.iss, p.irrf, p.net,
                    p.off_instalments + case when p.month < date_trunc('month', ${cut}) then p.unpaid_instalments else 0 end as open
               from ? where p.month = ?::date${conditions}
             union all
             select p.insurer_id, 0, 0, 0, 0, 0, 0, p.unpaid_instalments
               from ? where p.day >= ?::date and p.day < ${cut} and date_trunc('month', ${cut}) = ?::date${conditions}
           ) p group by p.insurer_id`,
          [
            settings.graceDays,
            this.months.of(userId, reader).from('p'),
            month,
            ...kind.bindings,
            this.days.of(userId, reader).from('p'),
            month,
            settings.graceDays,
            settings.graceDays,
            month,
            ...kind.bindings,
          ],
        );
    return rows.map((row) => ({
      insurerId: row.insurerId,
      instalments: row.instalments,
      expected: Number(row.expected),
      received: Number(row.received),
      iss: Number(row.iss),
      irrf: Number(row.irrf),
      net: Number(row.net),
      open: row.open,
    }));
  }

  /** Expected vs received (cents) per due month ('YYYY-MM') from `from` up to `to` (first days), of one insurer or all. */
  async chart(
    reader: Knex,
    userId: string,
    from: string,
    to: string,
    insurerId: number | undefined,
    marks: Promise<string[]> = this.marks(reader, userId),
  ): Promise<Map<string, { expected: number; received: number }>> {
    const kind = insurerKind(insurerId);
    const conditions = kind.sql.map((condition) => ` and ${condition}`).join('');
    const dirty = (await marks).filter((month) => month >= from && month < to);
    const fromRows =
      dirty.length === 0
        ? ''
        : `union all select month, expected, coalesce(received, 0) from (${instalmentFigures('select unnest(?::date[]) as month', kind)}) f`;
    const { rows } = await reader.raw<{ rows: { month: string; expected: string; received: string }[] }>(
      `select to_char(month, 'YYYY-MM') as month, ${centsOf('expected')} as expected, ${centsOf('received')} as received from (
         select p.month, p.expected, p.received from ? where p.month >= ?::date and p.month < ?::date and p.month <> all(?::date[])${conditions}
         ${fromRows}
       ) x group by 1`,
      [
        this.months.of(userId, reader).from('p'),
        from,
        to,
        dirty,
        ...kind.bindings,
        ...(dirty.length === 0 ? [] : [dirty, ...this.rowTables(userId, reader), ...kind.bindings]),
      ],
    );
    return new Map(rows.map((row) => [row.month, { expected: Number(row.expected), received: Number(row.received) }]));
  }

  /** The scoped instalments, policies and statement lines instalmentFigures binds. */
  private rowTables(userId: string, trx: Knex | Knex.Transaction): Knex.Raw[] {
    return [this.instalments.of(userId, trx).from('i'), this.policies.of(userId, trx).from('p'), this.lines.of(userId, trx).from('s')];
  }
}
