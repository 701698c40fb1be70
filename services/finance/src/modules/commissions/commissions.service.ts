import type { CommissionsQuery, CommissionsResponse, LineKey, PolicyStatus, PolicyType } from '@corretora/contracts';
import { type BrokerScopedTable, readerOf } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { COMMISSION_BASE_CENTS, INSTALMENT_EXPECTED, POLICY_STATUS, TODAY } from '../policies/policy-sql';
import { commissions, type PolicyFigures } from '../policies/commission-math';

interface FigureRow {
  id: number;
  policyNumber: string;
  awaitingNumber: boolean;
  contactName: string;
  type: PolicyType;
  line: LineKey;
  premiumCents: string;
  baseCents: string;
  commissionType: 'percentage' | 'fixed';
  commissionValueHundredths: string;
  commissionValue: string;
  renewalDate: string;
  status: PolicyStatus;
  today: string;
}

/** The query's type and line filters on policies p ('all': none). */
function policyFilter(query: CommissionsQuery): { sql: string[]; bindings: string[] } {
  const sql: string[] = [];
  const bindings: string[] = [];
  if (query.type !== 'all') {
    sql.push('p.type = ?');
    bindings.push(query.type);
  }
  if (query.line !== 'all') {
    sql.push('p.line = ?');
    bindings.push(query.line);
  }
  return { sql, bindings };
}

/** The broker's policies with their commission, and the summary (commission-math.ts does the arithmetic). */
export class CommissionsService {
  private readonly policies: BrokerScopedTable;
  private readonly instalments: BrokerScopedTable;

  constructor(private readonly knex: Knex) {
    this.policies = tables.scoped(knex, 'policies');
    this.instalments = tables.scoped(knex, 'policy_instalments');
  }

  /**
   * The commission expected per month ('YYYY-MM' -> cents) from the instalments due in it, this
   * month and the next: what Recebíveis expects for the same month (the same rows, the same rule
   * for a cancelled policy's instalments).
   */
  private async expectedByMonth(userId: string, query: CommissionsQuery): Promise<Map<string, number>> {
    const filter = policyFilter(query);
    const { rows } = await readerOf(this.knex).raw<{ rows: { month: string; cents: string }[] }>(
      `select to_char(i.due_date, 'YYYY-MM') as month, (sum(i.expected_commission) * 100)::bigint::text as cents
         from ? join ? on p.id = i.policy_id
        where i.due_date >= date_trunc('month', ${TODAY}) and i.due_date < date_trunc('month', ${TODAY}) + make_interval(months => ?)
          and ${INSTALMENT_EXPECTED}${filter.sql.map((condition) => ` and ${condition}`).join('')}
        group by 1`,
      [this.instalments.of(userId).from('i'), this.policies.of(userId).from('p'), query.months, ...filter.bindings],
    );
    return new Map(rows.map((row) => [row.month, Number(row.cents)]));
  }

  async report(userId: string, query: CommissionsQuery): Promise<CommissionsResponse> {
    const expected = this.expectedByMonth(userId, query);
    const filter = policyFilter(query);
    const { rows } = await readerOf(this.knex).raw<{ rows: FigureRow[] }>(
      `select p.id, p.policy_number as "policyNumber", p.awaiting_number as "awaitingNumber", p.contact_name as "contactName", p.type, p.line,
         (p.premium * 100)::bigint::text as "premiumCents", ${COMMISSION_BASE_CENTS} as "baseCents", p.commission_type as "commissionType",
         (p.commission_value * 100)::bigint::text as "commissionValueHundredths", p.commission_value::text as "commissionValue",
         p.renewal_date::text as "renewalDate", ${POLICY_STATUS} as status, ${TODAY}::text as today
       from ?${filter.sql.length === 0 ? '' : ` where ${filter.sql.join(' and ')}`} order by p.renewal_date, p.id`,
      [this.policies.of(userId).from('p'), ...filter.bindings],
    );
    const today = rows[0]?.today ?? (await this.knex.raw<{ rows: { today: string }[] }>(`select ${TODAY}::text as today`)).rows[0]!.today;
    const figures: PolicyFigures[] = rows.map(({ today: _today, premiumCents, baseCents, commissionValueHundredths, ...row }) => ({
      ...row,
      premiumCents: Number(premiumCents),
      baseCents: Number(baseCents),
      commissionValueHundredths: Number(commissionValueHundredths),
    }));
    return commissions(figures, today, query.months, await expected);
  }
}
