import { parseUserIdParam } from '@corretora/service-kit';
import type Router from '@koa/router';

/**
 * DELETE /internal/catalogues/:userId/data, catalogues' part of Limpar Dados: products, insurers
 * (their portal passwords with them), lead sources and stages back to the defaults
 * (`resetToDefaults`). The broker service calls it last, once no card points at the old stages.
 */
export function clearDataRoutes(router: Router, reset: (userId: string) => Promise<void>): void {
  router.delete('/catalogues/:userId/data', async (ctx) => {
    await reset(parseUserIdParam(ctx.params.userId));
    ctx.status = 204;
  });
}
