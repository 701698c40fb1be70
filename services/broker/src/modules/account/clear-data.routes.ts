import { currentUser, requireUser } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { ClearDataService } from './clear-data.service';

/** DELETE /api/clear-data, 'Limpar Dados' (the user menu): see ClearDataService. */
export function clearDataRoutes(router: Router, clearData: ClearDataService): void {
  router.delete('/api/clear-data', requireUser, async (ctx) => {
    await clearData.clear(currentUser(ctx).id);
    ctx.status = 204;
  });
}
