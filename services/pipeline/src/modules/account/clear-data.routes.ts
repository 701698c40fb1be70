import { parseUserIdParam } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { AccountDataService } from './account-data.service';

/** DELETE /internal/pipeline/:userId/data: the pipeline's part of Limpar Dados (the broker service asks). */
export function clearDataRoutes(router: Router, account: AccountDataService): void {
  router.delete('/pipeline/:userId/data', async (ctx) => {
    await account.clear(parseUserIdParam(ctx.params.userId));
    ctx.status = 204;
  });
}
