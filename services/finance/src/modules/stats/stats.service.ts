import { ACTIVE_CLAIM_STATUSES, divideRoundingHalfUp, type FinanceStats } from '@corretora/contracts';
import { type BrokerScopedTable, currentMember, recentActivity, readerOf } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { TODAY } from '../policies/policy-sql';
import type { MonthTotals } from '../totals/month-totals';
import type { RepasseService } from '../repasse/repasse.service';

/**
 * Finance's share of the dashboard: active policies, open claims (= pending: open or in review),
 * monthly revenue = the annual commission of the active policies / 12 in cents (the commissions
 * screen's arithmetic), the policies renewing in the next 30 days, and the latest 'Atividade
 * Recente' events.
 */
export class FinanceStatsService {
  private readonly policies: BrokerScopedTable;
  private readonly claims: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    /** The months' totals: the commission figures and the receivables of a large book without reading every row. */
    private readonly totals: MonthTotals,
    private readonly repasse: RepasseService,
  ) {
    this.policies = tables.scoped(knex, 'policies');
    this.claims = tables.scoped(knex, 'claims');
  }

  async of(userId: string): Promise<FinanceStats> {
    // Policies, claims and events are independent reads: all at once.
    const member = currentMember();
    // The Painel may lag (a read replica), unless this session has just written (read-replica.ts in the kit).
    const reader = readerOf(this.knex);
    const [groups, { rows }, claims, events, receivables, repasseDue] = await Promise.all([
      // From the months' totals (a large book: 500,000 policies), each policy rounded as commissionCents does.
      this.totals.activeGroups(reader, userId, { sql: [], bindings: [] }),
      reader.raw<{ rows: { renewing: number }[] }>(
        `select count(*)::int as renewing from ? where p.status = 'active' and p.renewal_date between ${TODAY} and ${TODAY} + 30`,
        [this.policies.of(userId, reader).from('p')],
      ),
      this.claims
        .of(userId, reader)
        .rows()
        .whereIn('status', ACTIVE_CLAIM_STATUSES as string[])
        .count<{ count: string }[]>('* as count'),
      recentActivity(reader, 'finance', userId),
      this.totals.receivables(reader, userId),
      // 'A receber de repasse' is a producer's own figure; managers read the month on Repasse.
      member?.role === 'producer' ? this.repasse.dueTo(userId, member.id) : Promise.resolve(null),
    ]);
    const annualCents = groups.reduce((sum, group) => sum + BigInt(group.revenue), 0n);
    const open = Number(claims[0]?.count ?? 0);
    return {
      activePolicies: groups.reduce((sum, group) => sum + group.count, 0),
      openClaims: open,
      pendingClaims: open,
      monthlyRevenue: Number(divideRoundingHalfUp(annualCents, 12n)),
      renewingIn30Days: rows[0]!.renewing,
      ...receivables,
      repasseDue: repasseDue?.due ?? null,
      repasseClosedUntil: repasseDue?.closedUntil ?? null,
      recentActivity: events,
    };
  }
}
