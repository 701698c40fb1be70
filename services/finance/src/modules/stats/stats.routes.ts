import { FINANCE_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { FinanceStatsService } from './stats.service';

/** Finance's share of the dashboard (the broker service asks). */
export function statsRoutes(router: Router, stats: FinanceStatsService): void {
  route(router, OPS.stats, ({ params }) => stats.of(params.userId));
}
