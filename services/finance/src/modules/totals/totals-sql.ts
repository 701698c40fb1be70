import type { BrokerScopedTable } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { INSTALMENT_EXPECTED } from '../policies/policy-sql';

// The statements the months' totals (month-totals.ts, receivable-months.ts) are summed and read with.

/** Type and line conditions on policies p (typeAndLine), which the totals' rows carry too. */
export interface KindFilter {
  sql: string[];
  bindings: Knex.RawBinding[];
}

/** A month as the totals key it ('YYYY-MM-01'), and the month after it. */
export const MONTH_END = `(m.month + interval '1 month')::date`;

/**
 * The per-instalment figures of the instalments i joined to months m (`m.month`: the first day) and
 * their policies p: expected (INSTALMENT_EXPECTED), its insurer (0: none), what statements paid on
 * each (`received`, gross, and its `iss`, `irrf` and `net`: null before any) and whether one was an
 * estorno. `?` binds: the months' own bindings (a `months` subquery), the scoped instalments, the
 * scoped policies, the scoped statement lines, then the kind's.
 */
export function instalmentFigures(months: string, kind: KindFilter): string {
  return `select m.month, p.responsible_id, p.type, p.line, coalesce(p.insurer_id, 0) as insurer_id, i.due_date,
                 i.expected_commission as expected, r.received, r.iss, r.irrf, r.net, coalesce(r.chargeback, false) as chargeback
            from (${months}) m
            join ? on i.due_date >= m.month and i.due_date < ${MONTH_END}
            join ? on p.id = i.policy_id
            left join lateral (select sum(s.gross) as received, sum(s.iss) as iss, sum(s.irrf) as irrf, sum(s.net) as net,
                                      bool_or(s.type = 'estorno') as chargeback
                                 from ? where s.instalment_id = i.id) r on true
           where ${INSTALMENT_EXPECTED}${kind.sql.map((condition) => ` and ${condition}`).join('')}`;
}

/**
 * The brokerage's months marked since the job last summed them ('YYYY-MM-DD'), first: a read then
 * names them (none, mostly) and the planner never joins the rows for an empty list.
 */
export async function markedMonths(reader: Knex, userId: string, table: BrokerScopedTable): Promise<string[]> {
  const rows = (await table.of(userId, reader).rows().distinct(reader.raw('month::text as month'))) as { month: string }[];
  return rows.map((row) => row.month);
}
