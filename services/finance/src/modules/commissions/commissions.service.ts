import type {
  CommissionPoliciesQuery,
  CommissionRow,
  CommissionsQuery,
  CommissionsResponse,
  CommissionsSummary,
  LineKey,
  ListPage,
  PolicyStatus,
  PolicyType,
} from '@corretora/contracts';
import { type BrokerScopedTable, readerOf } from '@corretora/service-kit';
import { tables } from '../../tables';
import { typeAndLine } from '../policies/policy-list-sql';
import type { Knex } from 'knex';
import { COMMISSION_BASE_CENTS, COMMISSION_CENTS, INSTALMENT_EXPECTED, POLICY_STATUS, TODAY } from '../policies/policy-sql';
import { commissionRow, commissions, commissionsSummary, type ActiveGroup, type PolicyFigures } from '../policies/commission-math';

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

/** A policy p's figures as commission-math.ts takes them (FigureRow). */
const FIGURE_COLUMNS = `p.id, p.policy_number as "policyNumber", p.awaiting_number as "awaitingNumber", p.contact_name as "contactName", p.type, p.line,
  (p.premium * 100)::bigint::text as "premiumCents", ${COMMISSION_BASE_CENTS} as "baseCents", p.commission_type as "commissionType",
  (p.commission_value * 100)::bigint::text as "commissionValueHundredths", p.commission_value::text as "commissionValue",
  p.renewal_date::text as "renewalDate", ${POLICY_STATUS} as status, ${TODAY}::text as today`;

function figuresOf({ today: _today, premiumCents, baseCents, commissionValueHundredths, ...row }: FigureRow): PolicyFigures {
  return {
    ...row,
    premiumCents: Number(premiumCents),
    baseCents: Number(baseCents),
    commissionValueHundredths: Number(commissionValueHundredths),
  };
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
    const filter = typeAndLine(query);
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

  private async today(): Promise<string> {
    return (await this.knex.raw<{ rows: { today: string }[] }>(`select ${TODAY}::text as today`)).rows[0]!.today;
  }

  async report(userId: string, query: CommissionsQuery): Promise<CommissionsResponse> {
    const expected = this.expectedByMonth(userId, query);
    const filter = typeAndLine(query);
    const { rows } = await readerOf(this.knex).raw<{ rows: FigureRow[] }>(
      `select ${FIGURE_COLUMNS} from ?${filter.sql.length === 0 ? '' : ` where ${filter.sql.join(' and ')}`} order by p.renewal_date, p.id`,
      [this.policies.of(userId).from('p'), ...filter.bindings],
    );
    const today = rows[0]?.today ?? (await this.today());
    return commissions(rows.map(figuresOf), today, query.months, await expected);
  }

  /**
   * The report's summary alone, summed where the rows are: the active policies grouped by type,
   * line and renewal month (a large book: 500,000 policies, not sent to Node).
   */
  async summary(userId: string, query: CommissionsQuery): Promise<CommissionsSummary> {
    const filter = typeAndLine(query);
    const [{ rows }, expected, today] = await Promise.all([
      readerOf(this.knex).raw<{ rows: (Omit<ActiveGroup, 'revenue' | 'base'> & { revenue: string; base: string })[] }>(
        `select p.type, p.line, to_char(p.renewal_date, 'YYYY-MM') as "renewalMonth", count(*)::int as count,
                sum(${COMMISSION_CENTS})::bigint::text as revenue, sum((coalesce(p.net_premium, p.premium) * 100)::bigint)::text as base
           from ? where p.status = 'active' and p.renewal_date >= ${TODAY}${filter.sql.map((condition) => ` and ${condition}`).join('')}
          group by 1, 2, 3`,
        [this.policies.of(userId).from('p'), ...filter.bindings],
      ),
      this.expectedByMonth(userId, query),
      this.today(),
    ]);
    const groups = rows.map((row) => ({ ...row, revenue: Number(row.revenue), base: Number(row.base) }));
    return commissionsSummary(groups, today, query.months, expected);
  }

  /** The report's rows a page at a time (renewal order), and how many there are. */
  async policiesPage(userId: string, query: CommissionPoliciesQuery): Promise<ListPage<CommissionRow>> {
    const filter = typeAndLine(query);
    const where = filter.sql.length === 0 ? '' : ` where ${filter.sql.join(' and ')}`;
    const reader = readerOf(this.knex);
    const [{ rows }, counted, today] = await Promise.all([
      reader.raw<{ rows: FigureRow[] }>(`select ${FIGURE_COLUMNS} from ?${where} order by p.renewal_date, p.id limit ? offset ?`, [
        this.policies.of(userId).from('p'),
        ...filter.bindings,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      ]),
      reader.raw<{ rows: { total: number }[] }>(`select count(*)::int as total from ?${where}`, [
        this.policies.of(userId).from('p'),
        ...filter.bindings,
      ]),
      this.today(),
    ]);
    return {
      items: rows.map((row) => commissionRow(figuresOf(row), today)),
      total: counted.rows[0]!.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
}
