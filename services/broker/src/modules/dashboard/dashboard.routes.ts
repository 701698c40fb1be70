import type { DashboardStats } from '@corretora/contracts';
import { createInternalClient, currentUser, requireUser } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { BrokerConfig } from '../../config';

type PipelineFigures = Pick<DashboardStats, 'newLeads' | 'totalLeads' | 'totalClients'>;
type FinanceFigures = Pick<DashboardStats, 'activePolicies' | 'openClaims' | 'pendingClaims' | 'monthlyRevenue'>;

const NO_PIPELINE: PipelineFigures = { newLeads: 0, totalLeads: 0, totalClients: 0 };
const NO_FINANCE: FinanceFigures = { activePolicies: 0, openClaims: 0, pendingClaims: 0, monthlyRevenue: 0 };

/**
 * The figures belong to the pipeline (leads, clients) and finance (policies, claims, revenue)
 * services. Until a deployment has them (PIPELINE_INTERNAL_URL / FINANCE_INTERNAL_URL unset) no lead, policy or
 * claim can exist, so their figures are truly zero.
 */
export function dashboardRoutes(router: Router, config: BrokerConfig): void {
  const pipeline = config.pipelineUrl ? createInternalClient(config.pipelineUrl, config.internalToken) : null;
  const finance = config.financeUrl ? createInternalClient(config.financeUrl, config.internalToken) : null;

  router.get('/api/dashboard/stats', requireUser, async (ctx) => {
    const userId = encodeURIComponent(currentUser(ctx).id);
    const [pipelineFigures, financeFigures] = await Promise.all([
      pipeline ? pipeline.get<PipelineFigures>(`/internal/pipeline/${userId}/stats`) : NO_PIPELINE,
      finance ? finance.get<FinanceFigures>(`/internal/finance/${userId}/stats`) : NO_FINANCE,
    ]);
    const stats: DashboardStats = { ...pipelineFigures, ...financeFigures };
    ctx.body = stats;
  });
}
