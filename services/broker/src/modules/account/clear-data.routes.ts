import { beginClearing, createInternalClient, currentUser, endClearing, HttpError, requireUser, type InternalClient, type ServiceDeps } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { BrokerConfig } from '../../config';

export const CLEAR_FAILED = 'Não foi possível limpar os dados. Tente novamente.';

/**
 * DELETE /api/clear-data, 'Limpar Dados' (decisions.md): every business record and file of the
 * account, in every service, and its catalogues and stages back to the defaults. The account and
 * the broker profile stay (this service's own rows), so onboarding stays complete.
 *
 * Each service clears its own schema (and finance its files) behind its /internal listener, and
 * every step is idempotent, so a retry after a failure finishes the job. Pipeline and finance go
 * first, in parallel; the catalogues only once both are done, so no card is ever left pointing at
 * a stage that no longer exists. Any step failing is a 502 with the failure toast's text.
 */
export function clearDataRoutes(router: Router, config: BrokerConfig, { knex, log }: Pick<ServiceDeps, 'knex' | 'log'>): void {
  // Clearing a large account (thousands of rows, files in the store) takes longer than a read.
  const client = (url: string | null) => (url ? createInternalClient(url, config.internalToken, 60_000) : null);
  const pipeline = client(config.pipelineUrl);
  const finance = client(config.financeUrl);
  const catalogues = client(config.cataloguesUrl);

  const clear = async (service: InternalClient | null, path: string) => {
    if (service) await service.delete(path);
  };

  router.delete('/api/clear-data', requireUser, async (ctx) => {
    const userId = encodeURIComponent(currentUser(ctx).id);
    // From here until the end, no write of the account commits (the account gate, service-kit):
    // nothing written meanwhile can point at what the clear removes. A failed clear leaves the
    // gate closed, so the account stays consistent until the broker repeats it.
    const generation = await beginClearing(knex, currentUser(ctx).id);
    const records = await Promise.allSettled([clear(pipeline, `/internal/pipeline/${userId}/data`), clear(finance, `/internal/finance/${userId}/data`)]);
    const failed = records.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    if (failed.length > 0) {
      log.warn({ err: failed[0], failed: failed.length }, 'clear-data: a service did not clear its records; the broker can retry');
      throw new HttpError(502, CLEAR_FAILED);
    }
    try {
      await clear(catalogues, `/internal/catalogues/${userId}/data`);
    } catch (error) {
      log.warn({ err: error }, 'clear-data: catalogues were not reset; the broker can retry');
      throw new HttpError(502, CLEAR_FAILED);
    }
    await endClearing(knex, currentUser(ctx).id, generation);
    ctx.status = 204;
  });
}
