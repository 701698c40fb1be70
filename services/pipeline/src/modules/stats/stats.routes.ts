import { parseIdParam, parseUserIdParam } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { PipelineStatsService } from './stats.service';

/** /internal/pipeline/:userId/stats: the pipeline's share of the dashboard (the broker service asks). */
export function statsRoutes(router: Router, stats: PipelineStatsService): void {
  router.get('/pipeline/:userId/stats', async (ctx) => {
    ctx.body = await stats.figures(parseUserIdParam(ctx.params.userId));
  });
}

/**
 * /internal/pipeline/:userId/contacts/:id and /cards/:id: the finance service checks that a claim's
 * or a document's contact and card are the broker's. Another broker's or an unknown id is a 404.
 */
export function referenceLookupRoutes(router: Router, stats: PipelineStatsService): void {
  router.get('/pipeline/:userId/contacts/:id', async (ctx) => {
    ctx.body = await stats.contact(parseUserIdParam(ctx.params.userId), parseIdParam(ctx.params.id));
  });
  router.get('/pipeline/:userId/cards/:id', async (ctx) => {
    ctx.body = await stats.card(parseUserIdParam(ctx.params.userId), parseIdParam(ctx.params.id));
  });
}
