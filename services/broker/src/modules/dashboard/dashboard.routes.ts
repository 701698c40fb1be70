import type { DashboardStats, FinanceStats } from '@corretora/contracts';
import { createInternalClient, currentUser, requireUser } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { BrokerConfig } from '../../config';

type PipelineFigures = Pick<DashboardStats, 'newLeads' | 'totalLeads' | 'totalClients'>;

const NO_PIPELINE: PipelineFigures = { newLeads: 0, totalLeads: 0, totalClients: 0 };
const NO_FINANCE: FinanceStats = { activePolicies: 0, openClaims: 0, pendingClaims: 0, monthlyRevenue: 0, renewingIn30Days: 0 };

/**
 * The figures belong to the pipeline (leads, clients) and finance (policies, claims, revenue)
 * services: one request from the browser, both asked in parallel. One of them down does not take
 * the dashboard with it: its figures come back as zero and it is named in `unavailable`, so the
 * screen marks them unknown and shows the rest. A deployment without a service (its
 * *_INTERNAL_URL unset) has none of its records, so its figures are truly zero.
 */
export function dashboardRoutes(router: Router, config: BrokerConfig): void {
  const pipeline = config.pipelineUrl ? createInternalClient(config.pipelineUrl, config.internalToken, 2000) : null;
  const finance = config.financeUrl ? createInternalClient(config.financeUrl, config.internalToken, 2000) : null;

  router.get('/api/dashboard/stats', requireUser, async (ctx) => {
    const userId = encodeURIComponent(currentUser(ctx).id);
    const [pipelineFigures, financeFigures] = await Promise.allSettled([
      pipeline ? pipeline.get<PipelineFigures>(`/internal/pipeline/${userId}/stats`) : NO_PIPELINE,
      finance ? finance.get<FinanceStats>(`/internal/finance/${userId}/stats`) : NO_FINANCE,
    ]);
    const unavailable: DashboardStats['unavailable'] = [];
    if (pipelineFigures.status === 'rejected') unavailable.push('pipeline');
    if (financeFigures.status === 'rejected') unavailable.push('finance');
    const stats: DashboardStats = {
      ...(pipelineFigures.status === 'fulfilled' ? pipelineFigures.value : NO_PIPELINE),
      ...(financeFigures.status === 'fulfilled' ? financeFigures.value : NO_FINANCE),
      unavailable,
    };
    ctx.body = stats;
  });
}
