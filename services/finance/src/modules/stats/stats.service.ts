import { ACTIVE_CLAIM_STATUSES, divideRoundingHalfUp, type FinanceStats } from '@corretora/contracts';
import { BrokerScopedTable, recentActivity } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { commissionCents } from '../commissions/commission-math';
import { COMMISSION_BASE_CENTS, TODAY } from '../policies/policy-sql';

/**
 * Finance's share of the dashboard: active policies, open claims (= pending: open or in review),
 * monthly revenue = the annual commission of the active policies / 12 in cents (the commissions
 * screen's arithmetic), the policies renewing in the next 30 days, and the latest 'Atividade
 * Recente' events.
 */
export class FinanceStatsService {
  private readonly policies: BrokerScopedTable;
  private readonly claims: BrokerScopedTable;

  constructor(private readonly knex: Knex) {
    this.policies = new BrokerScopedTable(knex, 'policies');
    this.claims = new BrokerScopedTable(knex, 'claims');
  }

  async of(userId: string): Promise<FinanceStats> {
    // Policies, claims and events are independent reads: all at once.
    const [{ rows }, claims, events] = await Promise.all([
      this.knex.raw<{ rows: { baseCents: string; commissionType: 'percentage' | 'fixed'; hundredths: string; renewing: boolean }[] }>(
        `select ${COMMISSION_BASE_CENTS} as "baseCents", p.commission_type as "commissionType", (p.commission_value * 100)::bigint::text as hundredths,
           p.renewal_date <= ${TODAY} + 30 as renewing
         from ? where p.status = 'active' and p.renewal_date >= ${TODAY}`,
        [this.policies.of(userId).from('p')],
      ),
      this.claims
        .of(userId)
        .rows()
        .whereIn('status', ACTIVE_CLAIM_STATUSES as string[])
        .count<{ count: string }[]>('* as count'),
      recentActivity(this.knex, 'finance', userId),
    ]);
    const annual = rows.reduce(
      (sum, row) =>
        sum +
        commissionCents({
          baseCents: Number(row.baseCents),
          commissionType: row.commissionType,
          commissionValueHundredths: Number(row.hundredths),
        }),
      0,
    );
    const open = Number(claims[0]?.count ?? 0);
    return {
      activePolicies: rows.length,
      openClaims: open,
      pendingClaims: open,
      monthlyRevenue: Number(divideRoundingHalfUp(BigInt(annual), 12n)),
      renewingIn30Days: rows.filter((row) => row.renewing).length,
      recentActivity: events,
    };
  }
}
