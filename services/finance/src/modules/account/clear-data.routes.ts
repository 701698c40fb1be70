import { clearActivity, clearingTransaction, parseUserIdParam, type ObjectStore } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { documentKeyPrefix } from '../documents/documents.service';

/**
 * DELETE /internal/finance/:userId/data, finance's part of Limpar Dados (decisions.md): claims,
 * policies, documents, storage usage and events in one transaction, then every object under the
 * broker's prefix in the S3 store. Rows go first: if the store fails, no row points at a missing
 * file, and a retry (the listing is by prefix) removes what was left, including objects of an
 * upload that never got its row. Repeating it is a no-op.
 */
export function clearDataRoutes(router: Router, knex: Knex, store: ObjectStore): void {
  router.delete('/finance/:userId/data', async (ctx) => {
    const userId = parseUserIdParam(ctx.params.userId);
    await clearingTransaction(knex, async (trx) => {
      for (const table of ['claims', 'claim_number_counters', 'documents', 'policies', 'storage_usage']) await trx(table).where({ userId }).delete();
      await clearActivity(trx, userId);
    });
    await store.removePrefix(documentKeyPrefix(userId));
    ctx.status = 204;
  });
}
