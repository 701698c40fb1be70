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
import { COMMISSION_BASE_CENTS, POLICY_STATUS, TODAY } from '../policies/policy-sql';
import { commissionRow, commissions, commissionsSummary, type PolicyFigures } from '../policies/commission-math';
import type { MonthTotals } from '../totals/month-totals';

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

  constructor(
    private readonly knex: Knex,
    /** The months' totals: the summary and the projections of a large book without reading every row. */
    private readonly totals: MonthTotals,
  ) {
    this.policies = tables.scoped(knex, 'policies');
  }

  /** The commission expected per month ('YYYY-MM' -> cents) from the instalments due in it: what Recebíveis expects for the same month. */
  private expectedByMonth(userId: string, query: CommissionsQuery): Promise<Map<string, number>> {
    return this.totals.expectedByMonth(readerOf(this.knex), userId, query.months, typeAndLine(query));
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
  /**
   * The report's summary alone, from the months' totals (a large book: 500,000 policies, not sent to
   * Node nor summed row by row on every open): the same arithmetic, the same figures.
   */
  async summary(userId: string, query: CommissionsQuery): Promise<CommissionsSummary> {
    const reader = readerOf(this.knex);
    const [groups, expected, today] = await Promise.all([
      this.totals.activeGroups(reader, userId, typeAndLine(query)),
      this.expectedByMonth(userId, query),
      this.today(),
    ]);
    return commissionsSummary(
      groups.map((group) => ({ ...group, revenue: Number(group.revenue), base: Number(group.base) })),
      today,
      query.months,
      expected,
    );
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
