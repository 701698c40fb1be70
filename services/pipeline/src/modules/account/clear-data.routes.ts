import { clearActivity, clearingTransaction, parseUserIdParam } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { Knex } from 'knex';

/**
 * DELETE /internal/pipeline/:userId/data, the pipeline's part of Limpar Dados (decisions.md):
 * contacts, cards, notes and events of one broker, in one transaction. Repeating it is a no-op.
 */
export function clearDataRoutes(router: Router, knex: Knex): void {
  router.delete('/pipeline/:userId/data', async (ctx) => {
    const userId = parseUserIdParam(ctx.params.userId);
    await clearingTransaction(knex, async (trx) => {
      for (const table of ['notes', 'pipeline_cards', 'contacts']) await trx(table).where({ userId }).delete();
      await clearActivity(trx, userId);
    });
    ctx.status = 204;
  });
}
