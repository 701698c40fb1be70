import { HttpError, currentUser, parseIdParam, requireUser } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { ReferenceDataService } from './reference-data.service';

export function referenceDataRoutes(router: Router, referenceData: ReferenceDataService): void {
  router.get('/api/reference-data', requireUser, async (ctx) => {
    const body = await referenceData.forBroker(currentUser(ctx).id);
    // Section 9's 5 minutes of freshness belong to the client's query cache, which every catalogue
    // edit and Limpar Dados invalidate: the browser's HTTP cache must not answer that refetch with
    // the catalogues as they were (max-age did, for up to 5 minutes). Private: this broker's data.
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = body;
  });
}

function optionalId(raw: unknown): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  return parseIdParam(typeof raw === 'string' ? raw : undefined);
}

/** /internal/catalogues/:userId/check (the internal listener only). */
export function internalCheckRoutes(router: Router, referenceData: ReferenceDataService): void {
  router.get('/catalogues/:userId/check', async (ctx) => {
    const userId = ctx.params.userId ?? '';
    if (!/^[0-9a-f-]{36}$/i.test(userId)) throw new HttpError(404, 'Não encontrado.');
    ctx.body = await referenceData.check(userId, {
      productId: optionalId(ctx.query.productId),
      leadSourceId: optionalId(ctx.query.leadSourceId),
      insurerId: optionalId(ctx.query.insurerId),
      stageId: optionalId(ctx.query.stageId),
      stageKey: typeof ctx.query.stageKey === 'string' ? ctx.query.stageKey : undefined,
    });
  });
}
