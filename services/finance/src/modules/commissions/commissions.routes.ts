import { CommissionsQuerySchema } from '@corretora/contracts';
import { currentUser, parseBody, requireUser } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { CommissionsService } from './commissions.service';

/** GET /api/commissions?type&months: the broker's policies with their commission, and the summary. */
export function commissionsRoutes(router: Router, commissions: CommissionsService): void {
  router.get('/api/commissions', requireUser, async (ctx) => {
    ctx.body = await commissions.report(currentUser(ctx).id, parseBody(CommissionsQuerySchema, ctx.query));
  });
}
