import { CATALOGUE_OPERATIONS, FINANCE_OPERATIONS, PIPELINE_OPERATIONS, type AnyOperation } from '@corretora/contracts';
import {
  beginClearing,
  createInternalClient,
  endClearing,
  HttpError,
  recordAuditEvent,
  type InternalClient,
  type ServiceDeps,
} from '@corretora/service-kit';
import type { BrokerConfig } from '../../config';

export const CLEAR_FAILED = 'Não foi possível limpar os dados. Tente novamente.';

/**
 * 'Limpar Dados': every business record and file of the account, in every service, and its
 * catalogues and stages back to the defaults. The account and the broker profile stay (this
 * service's own rows), so onboarding stays complete.
 *
 * Each service clears its own schema (and finance its files) behind its /internal listener, and
 * every step is idempotent, so a retry after a failure finishes the job. Pipeline and finance go
 * first, in parallel; the catalogues only once both are done, so no card is ever left pointing at
 * a stage that no longer exists. Any step failing is a 502 with the failure toast's text. From the
 * start to the end no write of the account commits (the account gate, service-kit): nothing
 * written meanwhile can point at what the clear removes; a failed clear leaves the gate closed,
 * so the account stays consistent until the broker repeats it.
 */
export class ClearDataService {
  private readonly pipeline: InternalClient | null;
  private readonly finance: InternalClient | null;
  private readonly catalogues: InternalClient | null;

  constructor(
    config: BrokerConfig,
    private readonly deps: Pick<ServiceDeps, 'knex' | 'log'>,
  ) {
    // Clearing a large account (thousands of rows, files in the store) takes longer than a read.
    const client = (url: string | null) => (url ? createInternalClient(url, config.internalToken, 60_000) : null);
    this.pipeline = client(config.pipelineUrl);
    this.finance = client(config.financeUrl);
    this.catalogues = client(config.cataloguesUrl);
  }

  async clear(userId: string): Promise<void> {
    const { knex, log } = this.deps;
    const clear = async (service: InternalClient | null, op: AnyOperation & { path: `/internal/${string}/:userId/data` }) => {
      if (service) await service.call(op, { params: { userId } });
    };
    const generation = await beginClearing(knex, userId);
    const records = await Promise.allSettled([
      clear(this.pipeline, PIPELINE_OPERATIONS.clearData),
      clear(this.finance, FINANCE_OPERATIONS.clearData),
    ]);
    const failed = records.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    if (failed.length > 0) {
      log.warn({ err: failed[0], failed: failed.length }, 'clear-data: a service did not clear its records; the broker can retry');
      throw new HttpError(502, CLEAR_FAILED);
    }
    try {
      await clear(this.catalogues, CATALOGUE_OPERATIONS.clearData);
    } catch (error) {
      log.warn({ err: error }, 'clear-data: catalogues were not reset; the broker can retry');
      throw new HttpError(502, CLEAR_FAILED);
    }
    await endClearing(knex, userId, generation);
    // The records are gone; the audit log keeps that they went, and who cleared them.
    await recordAuditEvent(knex, userId, { action: 'clear_data', entity: 'brokerage' });
  }
}
