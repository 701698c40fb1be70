import path from 'node:path';
import { CATALOGUE_OPERATIONS, FINANCE_OPERATIONS } from '@corretora/contracts';
import { fallbackLocation } from '@corretora/registry';
import {
  ImportsService,
  assertResponsible,
  createInternalClient,
  createService,
  importsRoutes,
  schedulePasses,
  type Service,
} from '@corretora/service-kit';
import type { PipelineConfig } from './config';
import { AccountDataService, PIPELINE_ACCOUNT_TABLES } from './modules/account/account-data.service';
import { backfillPolicyLines } from './modules/backfills/policy-lines';

import { clearDataRoutes, responsibleRoutes } from './modules/account/clear-data.routes';
import { CatalogueCheck } from './modules/catalogues/catalogue-check';
import { ContactOverviewService } from './modules/contacts/contact-overview.service';
import { contactOverviewRoutes, contactsRoutes } from './modules/contacts/contacts.routes';
import { relationshipRoutes } from './modules/relationship/relationship.routes';
import { RelationshipService } from './modules/relationship/relationship.service';
import { contactsKind } from './modules/imports/import-kinds';
import { importClientsRoutes } from './modules/imports/import-clients.routes';
import { ImportClientsService } from './modules/imports/import-clients.service';
import { handOverPolicyImports, handOverStatementImports } from './modules/backfills/imports-to-finance';
import { ContactsService } from './modules/contacts/contacts.service';
import { DuplicatesService } from './modules/contacts/duplicates.service';
import { pipelineRoutes } from './modules/pipeline/pipeline.routes';
import { searchRoutes } from './modules/search/search.routes';
import { SearchService } from './modules/search/search.service';
import { PipelineService } from './modules/pipeline/pipeline.service';
import { referenceLookupRoutes, statsRoutes } from './modules/stats/stats.routes';
import { DigestPreferences, DigestService } from './modules/tasks/digest.service';
import { ClientClaims } from './modules/tasks/client-claim';
import { ProductionService } from './modules/tasks/production.service';
import { internalTasksRoutes, tasksRoutes } from './modules/tasks/tasks.routes';
import { TasksService } from './modules/tasks/tasks.service';
import { PipelineStatsService } from './modules/stats/stats.service';
import { PrivacyErasure } from './modules/privacy/privacy-erasure';
import { PrivacyExport } from './modules/privacy/privacy-export';
import { PrivacyNoticeService } from './modules/privacy/privacy-notice.service';
import { PrivacyRequestsService } from './modules/privacy/privacy-requests.service';
import { privacyRoutes } from './modules/privacy/privacy.routes';

/** The pipeline as it runs: the service, and one pass of the daily digest at an instant (what its schedule runs each minute). */
export interface PipelineApp extends Service {
  digestPass(at: Date): Promise<{ planned: number; sent: number; failed: number }>;
  /** One pass of the retention sweep (what its schedule runs every 6 hours): blocked contacts past their retention are anonymised. */
  retentionPass(): Promise<number>;
}

export async function createPipelineService(config: PipelineConfig): Promise<PipelineApp> {
  const clock = config.clock ?? (() => new Date());
  const catalogues = new CatalogueCheck(config.cataloguesUrl, config.internalToken);
  const cataloguesClient = createInternalClient(config.cataloguesUrl, config.internalToken);
  // Issuing waits on finance longer than a plain read: it writes the policy.
  const finance = config.financeUrl ? createInternalClient(config.financeUrl, config.internalToken, 10_000) : null;
  const identity = config.identityUrl ? createInternalClient(config.identityUrl, config.internalToken) : null;
  const reference = (userId: string) => cataloguesClient.call(CATALOGUE_OPERATIONS.referenceFor, { params: { userId } });
  let digest: DigestService | null = null;
  let imports: ImportsService | null = null;
  let privacyErasure: PrivacyErasure | null = null;
  const broker = config.brokerUrl ? createInternalClient(config.brokerUrl, config.internalToken) : null;
  const service = await createService({
    config,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    requiresOnboarding: true,
    accountTables: PIPELINE_ACCOUNT_TABLES,
    auditTables: {
      contacts: 'contact',
      notes: 'note',
      pipeline_cards: 'card',
      tasks: 'task',
      privacy_requests: 'privacy_request',
      privacy_settings: 'privacy_settings',
    },
    routes(router, { knex, jobs, log }) {
      pipelineRoutes(router, new PipelineService(knex, catalogues, finance), identity);
      const contacts = new ContactsService(knex, catalogues, finance);
      contactsRoutes(router, contacts, new DuplicatesService(knex, finance), identity);
      imports = new ImportsService(
        knex,
        { contacts: contactsKind(knex, reference, finance, identity) },
        { jobs, onRunError: (error) => log.error({ err: error }, 'import commit stopped') },
      );
      // One door for every kind: the policies imports are finance's (the gateway takes what this hands on there).
      importsRoutes(
        router,
        imports,
        ['contacts'],
        (userId, memberId) => assertResponsible(identity, userId, memberId),
        finance
          ? {
              handOn: fallbackLocation('finance'),
              theirs: (userId) => finance.call(FINANCE_OPERATIONS.policyImports, { params: { userId } }),
            }
          : undefined,
      );
      const relationship = new RelationshipService(knex, finance, reference);
      relationshipRoutes(router, relationship);
      const tasks = new TasksService(knex, finance, reference, clock);
      contactOverviewRoutes(router, new ContactOverviewService(knex, contacts, relationship, tasks, finance, reference));
      searchRoutes(router, new SearchService(knex, finance, reference));
      digest = identity ? new DigestService(knex, tasks, finance, identity, config.appUrl) : null;
      tasksRoutes(router, tasks, new DigestPreferences(knex), { claims: new ClientClaims(knex, tasks, identity), identity });
      const requests = new PrivacyRequestsService(knex, clock);
      privacyErasure = new PrivacyErasure(knex, requests, finance, clock);
      privacyRoutes(router, {
        requests,
        exporter: new PrivacyExport(knex, requests, finance, clock, reference),
        erasure: privacyErasure,
        notice: new PrivacyNoticeService(knex, requests, broker, identity, config.appUrl, clock),
      });
    },
    internalRoutes(router, { knex }) {
      const stats = new PipelineStatsService(knex);
      statsRoutes(router, stats);
      referenceLookupRoutes(router, stats);
      const account = new AccountDataService(knex);
      clearDataRoutes(router, account);
      responsibleRoutes(router, account);
      importClientsRoutes(router, new ImportClientsService(knex));
      internalTasksRoutes(router, new ProductionService(knex, new TasksService(knex, finance, reference, clock), identity, clock));
    },
  });
  if (finance) {
    scheduleBackfill(service, (knex) => backfillPolicyLines(knex, finance, reference));
    scheduleBackfill(service, (knex) => handOverStatementImports(knex, finance));
    scheduleBackfill(service, (knex) => handOverPolicyImports(knex, finance));
  }
  const stopDigest = (config.scheduleDigest === false ? null : (digest as DigestService | null))?.schedule(
    (error) => service.log.warn({ err: error }, 'daily digest pass failed'),
    clock,
    service.jobs,
  );
  const stopPurge = (imports as ImportsService | null)?.schedulePurge((error) =>
    service.log.warn({ err: error }, 'import rows purge failed'),
  );
  // A blocked contact whose retention ended is anonymised: checked every 6 hours (the first an hour after start).
  const stopRetention = (privacyErasure as PrivacyErasure | null)
    ? schedulePasses(() => privacyErasure!.sweep(), {
        firstMs: 3_600_000,
        everyMs: 6 * 3_600_000,
        onError: (error) => service.log.warn({ err: error }, 'privacy retention sweep failed'),
        job: { metrics: service.jobs, name: 'privacy_retention_sweep', items: (count: number) => count },
      })
    : null;
  const close = service.close.bind(service);
  service.close = async () => {
    stopRetention?.();
    stopDigest?.();
    stopPurge?.();
    await close();
  };
  return Object.assign(service, {
    retentionPass() {
      return privacyErasure!.sweep();
    },
    digestPass(at: Date) {
      const pass = digest as DigestService | null;
      if (!pass) return Promise.reject(new Error('no digest without the identity service (identityUrl)'));
      return pass.run(at);
    },
  });
}

/**
 * Runs a one-time job in the background once the service is up, again every 30 s while it fails
 * (finance may start after the pipeline), at most 20 times; never keeps the process alive, and
 * stops when the service closes.
 */
function scheduleBackfill(service: Service, job: (knex: Service['knex']) => Promise<void>): void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** The pass under way: closing waits for it, so it never queries a pool that is gone. */
  let current: Promise<void> | undefined;
  const run = (attempt: number) => {
    timer = setTimeout(
      () => {
        current = job(service.knex).catch((error: unknown) => {
          if (stopped) return;
          service.log.warn({ err: error, attempt }, 'backfill failed; retrying in 30 s');
          if (attempt < 20) run(attempt + 1);
        });
      },
      attempt === 0 ? 1_000 : 30_000,
    );
    timer.unref();
  };
  const close = service.close.bind(service);
  service.close = async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
    await close();
  };
  run(0);
}
