import {
  BROKER_OPERATIONS,
  FINANCE_OPERATIONS,
  MONEY_ROLES,
  PIPELINE_OPERATIONS,
  RECENT_ACTIVITY_LIMIT,
  roleAllows,
  type ActivityEvent,
  type DashboardStats,
  type FinanceStats,
  type PipelineStats,
} from '@corretora/contracts';
import { createInternalClient, requireOnboarding, route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { BrokerConfig } from '../../config';

const NO_PIPELINE: PipelineStats = { newLeads: 0, totalLeads: 0, totalClients: 0, recentActivity: [] };
const NO_FINANCE: FinanceStats = {
  activePolicies: 0,
  openClaims: 0,
  pendingClaims: 0,
  monthlyRevenue: 0,
  renewingIn30Days: 0,
  receivableThisMonth: 0,
  openDifferences: { count: 0, amount: 0 },
  repasseDue: null,
  repasseClosedUntil: null,
  recentActivity: [],
};

/** Both services' latest events as one list: newest first, at most the panel's ten. */
function mergeActivity(...lists: ActivityEvent[][]): ActivityEvent[] {
  return lists
    .flat()
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, RECENT_ACTIVITY_LIMIT);
}

/**
 * The figures belong to the pipeline (leads, clients) and finance (policies, claims, revenue)
 * services: one request from the browser, both asked in parallel. One of them down does not take
 * the dashboard with it: its figures come back as zero and it is named in `unavailable`, so the
 * screen marks them unknown and shows the rest. A deployment without a service (its
 * *_INTERNAL_URL unset) has none of its records, so its figures are truly zero. Each service
 * answers its own latest events too ('Atividade Recente'), merged here.
 */
export function dashboardRoutes(router: Router, config: BrokerConfig): void {
  const pipeline = config.pipelineUrl ? createInternalClient(config.pipelineUrl, config.internalToken, 2000) : null;
  const finance = config.financeUrl ? createInternalClient(config.financeUrl, config.internalToken, 2000) : null;

  route(
    router,
    BROKER_OPERATIONS.dashboard,
    async ({ user }) => {
      const params = { userId: user.id };
      const [pipelineFigures, financeFigures] = await Promise.allSettled([
        pipeline ? pipeline.call(PIPELINE_OPERATIONS.stats, { params }) : NO_PIPELINE,
        finance ? finance.call(FINANCE_OPERATIONS.stats, { params }) : NO_FINANCE,
      ]);
      const unavailable: DashboardStats['unavailable'] = [];
      if (pipelineFigures.status === 'rejected') unavailable.push('pipeline');
      if (financeFigures.status === 'rejected') unavailable.push('finance');
      const fromPipeline = pipelineFigures.status === 'fulfilled' ? pipelineFigures.value : NO_PIPELINE;
      const fromFinance = financeFigures.status === 'fulfilled' ? financeFigures.value : NO_FINANCE;
      const stats: DashboardStats = {
        ...fromPipeline,
        ...fromFinance,
        recentActivity: mergeActivity(fromPipeline.recentActivity, fromFinance.recentActivity),
        unavailable,
      };
      // An assistant sees the brokerage's work, no money beyond a premium (a producer's figures are already their own).
      if (!roleAllows(user.role, MONEY_ROLES))
        return {
          ...stats,
          monthlyRevenue: null,
          receivableThisMonth: null,
          openDifferences: null,
          repasseDue: null,
          repasseClosedUntil: null,
        };
      return stats;
    },
    requireOnboarding,
  );
}
