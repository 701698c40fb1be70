import { CATALOGUE_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { ReferenceDataService } from './reference-data.service';

export function referenceDataRoutes(router: Router, referenceData: ReferenceDataService): void {
  route(router, OPS.referenceData, async ({ user, ctx }) => {
    const body = await referenceData.forBroker(user.id);
    // The 5 minutes of freshness belong to the client's query cache, which every catalogue edit
    // and Limpar Dados invalidate: the browser's HTTP cache must not answer that refetch with the
    // catalogues as they were (max-age did, for up to 5 minutes). Private: this broker's data.
    ctx.set('Cache-Control', 'private, no-cache');
    return body;
  });
}

/** The pipeline checks every catalogue id a write names (the internal listener only). */
export function internalCheckRoutes(router: Router, referenceData: ReferenceDataService): void {
  route(router, OPS.check, ({ params, query }) => referenceData.check(params.userId, query));
  route(router, OPS.referenceFor, ({ params }) => referenceData.forBroker(params.userId));
  route(router, OPS.insurersFor, ({ params }) => referenceData.insurersOf(params.userId));
}
