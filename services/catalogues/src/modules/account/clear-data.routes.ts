import { parseUserIdParam } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { resetToDefaults } from '../defaults/default-catalogues';

/**
 * DELETE /internal/catalogues/:userId/data, catalogues' part of Limpar Dados (decisions.md):
 * products, insurers (their portal passwords with them), lead sources and stages back to the
 * defaults. The broker service calls it last, once no card points at the old stages.
 */
export function clearDataRoutes(router: Router, knex: Knex): void {
  router.delete('/catalogues/:userId/data', async (ctx) => {
    await resetToDefaults(knex, parseUserIdParam(ctx.params.userId));
    ctx.status = 204;
  });
}
