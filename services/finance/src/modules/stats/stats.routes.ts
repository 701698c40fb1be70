import { parseUserIdParam } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { FinanceStatsService } from './stats.service';

/** /internal/finance/:userId/stats: finance's share of the dashboard (the broker service asks). */
export function statsRoutes(router: Router, stats: FinanceStatsService): void {
  router.get('/finance/:userId/stats', async (ctx) => {
    ctx.body = await stats.of(parseUserIdParam(ctx.params.userId));
  });
}
