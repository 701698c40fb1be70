import { ACTIVE_CLAIM_STATUSES, divideRoundingHalfUp, type FinanceStats } from '@corretora/contracts';
import { parseUserIdParam, recentActivity } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { commissionCents } from '../commissions/commission-math';
import { TODAY } from '../policies/policy-sql';

/**
 * /internal/finance/:userId/stats, finance's share of the dashboard (decisions.md, dashboard
 * stats): active policies, open claims (= pending: open or in review), monthly revenue = the annual
 * commission of the active policies / 12 in cents (the commissions screen's arithmetic), and the
 * policies renewing in the next 30 days; and its latest 'Atividade Recente' events.
 */
export function statsRoutes(router: Router, knex: Knex): void {
  router.get('/finance/:userId/stats', async (ctx) => {
    const userId = parseUserIdParam(ctx.params.userId);
    // Policies, claims and events are independent reads: all at once.
    const [{ rows }, claims, events] = await Promise.all([
      knex.raw<{ rows: { premiumCents: string; commissionType: 'percentage' | 'fixed'; hundredths: string; renewing: boolean }[] }>(
        `select (premium * 100)::bigint::text as "premiumCents", commission_type as "commissionType", (commission_value * 100)::bigint::text as hundredths,
           renewal_date <= ${TODAY} + 30 as renewing
         from policies where user_id = ? and status = 'active' and renewal_date >= ${TODAY}`,
        [userId],
      ),
      knex('claims').where({ userId }).whereIn('status', ACTIVE_CLAIM_STATUSES as string[]).count<{ count: string }[]>('* as count'),
      recentActivity(knex, 'finance', userId),
    ]);
    const annual = rows.reduce(
      (sum, row) => sum + commissionCents({ premiumCents: Number(row.premiumCents), commissionType: row.commissionType, commissionValueHundredths: Number(row.hundredths) }),
      0,
    );
    const open = Number(claims[0]?.count ?? 0);
    const stats: FinanceStats = {
      activePolicies: rows.length,
      openClaims: open,
      pendingClaims: open,
      monthlyRevenue: Number(divideRoundingHalfUp(BigInt(annual), 12n)),
      renewingIn30Days: rows.filter((row) => row.renewing).length,
      recentActivity: events,
    };
    ctx.body = stats;
  });
}
