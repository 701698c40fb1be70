import path from 'node:path';
import { CloudApi, DEFAULT_WHATSAPP_API_URL } from './modules/whatsapp/cloud-api';
import { ConversationsService } from './modules/whatsapp/conversations.service';
import { WhatsappSettingsService, assistantsOwnConversations } from './modules/whatsapp/whatsapp-settings.service';
import { WhatsappWebhookService } from './modules/whatsapp/whatsapp-webhook.service';
import { whatsappInternalRoutes, whatsappRoutes } from './modules/whatsapp/whatsapp.routes';
import { WhatsappMediaService } from './modules/whatsapp/whatsapp-media.service';
import { WhatsappAutomations } from './modules/whatsapp/automations';
import { tables } from './tables';
import { CATALOGUE_OPERATIONS, FINANCE_OPERATIONS, SAO_PAULO, type ReferenceData } from '@corretora/contracts';
import type { Knex } from 'knex';
import { fallbackLocation } from '@corretora/registry';
import {
  ImportsService,
  SecretBox,
  assertResponsible,
  createInternalClient,
  createObjectStore,
  createService,
  importsRoutes,
  type InternalClient,
  type Jobs,
  type ObjectStore,
  type Service,
} from '@corretora/service-kit';
import type { PipelineConfig } from './config';
import { AccountDataService, PIPELINE_ACCOUNT_TABLES } from './modules/account/account-data.service';
import { backfillPolicyLines } from './modules/backfills/policy-lines';

import { clearDataRoutes, responsibleRoutes } from './modules/account/clear-data.routes';
import { CatalogueCheck } from './modules/catalogues/catalogue-check';
import { ContactOverviewService } from './modules/contacts/contact-overview.service';
import { contactOverviewRoutes, contactsRoutes } from './modules/contacts/contacts.routes';
import { internalRelationshipRoutes, relationshipRoutes } from './modules/relationship/relationship.routes';
import { RelationshipService } from './modules/relationship/relationship.service';
import { contactsKind } from './modules/imports/import-kinds';
import { importClientsRoutes } from './modules/imports/import-clients.routes';
import { ImportClientsService } from './modules/imports/import-clients.service';
import { handOverPolicyImports, handOverStatementImports } from './modules/backfills/imports-to-finance';
import { ContactsService } from './modules/contacts/contacts.service';
import { DuplicatesService } from './modules/contacts/duplicates.service';
import { pipelineInternalRoutes, pipelineRoutes } from './modules/pipeline/pipeline.routes';
import { searchRoutes } from './modules/search/search.routes';
import { SearchService } from './modules/search/search.service';
import { PipelineService } from './modules/pipeline/pipeline.service';
import { referenceLookupRoutes, statsRoutes } from './modules/stats/stats.routes';
import { DigestPreferences, DigestService } from './modules/tasks/digest.service';
import { ClientClaims } from './modules/tasks/client-claim';
import { ProductionService } from './modules/tasks/production.service';
import { TaskPageService } from './modules/tasks/task-page';
import { internalTasksRoutes, tasksRoutes } from './modules/tasks/tasks.routes';
import { TasksService } from './modules/tasks/tasks.service';
import { PipelineStatsService } from './modules/stats/stats.service';
import { PrivacyErasure } from './modules/privacy/privacy-erasure';
import { PrivacyExport } from './modules/privacy/privacy-export';
import { PrivacyNoticeService } from './modules/privacy/privacy-notice.service';
import { PrivacyRequestsService } from './modules/privacy/privacy-requests.service';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { internalPortalRoutes } from './modules/portal/portal.routes';
import { PortalService } from './modules/portal/portal.service';

/** The pipeline as it runs: the service, and its retention sweep by hand. */
export interface PipelineApp extends Service {
  /** One pass of the retention sweep (what its schedule runs every 6 hours): blocked contacts past their retention are anonymised. */
  retentionPass(): Promise<number>;
}

export async function createPipelineService(config: PipelineConfig, store: ObjectStore = createObjectStore()): Promise<PipelineApp> {
  // WhatsApp's files (#62): the clients' images, documents and audios, under whatsapp/<brokerage>/.
  await store.ensureBucket();
  const clock = config.clock ?? (() => new Date());
  const catalogues = new CatalogueCheck(config.cataloguesUrl, config.internalToken);
  const cataloguesClient = createInternalClient(config.cataloguesUrl, config.internalToken);
  // Issuing waits on finance longer than a plain read: it writes the policy.
  const finance = config.financeUrl ? createInternalClient(config.financeUrl, config.internalToken, 10_000) : null;
  const identity = config.identityUrl ? createInternalClient(config.identityUrl, config.internalToken) : null;
  const reference = (userId: string) => cataloguesClient.call(CATALOGUE_OPERATIONS.referenceFor, { params: { userId } });
  let imports: ImportsService | null = null;
  let privacyErasure: PrivacyErasure | null = null;
  const broker = config.brokerUrl ? createInternalClient(config.brokerUrl, config.internalToken) : null;
  /** WhatsApp's parts (#62): the brokerage's settings, Meta's API and the conversations that send through it. */
  const whatsappOf = (knex: Knex, tasks: TasksService) => {
    const settings = new WhatsappSettingsService(
      knex,
      config.credentialKey ? new SecretBox(config.credentialKey) : undefined,
      config.appUrl,
    );
    const cloud = new CloudApi(config.whatsappApiUrl ?? DEFAULT_WHATSAPP_API_URL);
    return { settings, cloud, conversations: new ConversationsService(knex, settings, cloud, identity, tasks, { finance, store }, clock) };
  };
  const service = await createService({
    config,
    tables,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    requiresOnboarding: true,
    // Conversas: a brokerage may narrow its assistants to the conversations passed to them (#62).
    limitsAssistants: assistantsOwnConversations,
    accountTables: PIPELINE_ACCOUNT_TABLES,
    auditTables: {
      contacts: 'contact',
      notes: 'note',
      pipeline_cards: 'card',
      tasks: 'task',
      privacy_requests: 'privacy_request',
      privacy_settings: 'privacy_settings',
      whatsapp_settings: 'whatsapp_settings',
    },
    routes(router, { knex, jobs, log }) {
      if (finance) backfills(jobs, knex, finance, reference);
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
      const tasks = new TasksService(knex, finance, reference, clock);
      const { settings: whatsappSettings, cloud, conversations } = whatsappOf(knex, tasks);
      const media = new WhatsappMediaService(knex, whatsappSettings, cloud, store);
      media.register(jobs);
      const relationship = new RelationshipService(knex, finance, reference, conversations);
      relationshipRoutes(router, relationship);
      contactOverviewRoutes(router, new ContactOverviewService(knex, contacts, relationship, tasks, finance, reference));
      searchRoutes(router, new SearchService(knex, finance, reference));
      whatsappRoutes(router, {
        settings: whatsappSettings,
        webhook: new WhatsappWebhookService(knex, whatsappSettings, jobs),
        conversations,
        media,
      });
      if (identity && config.scheduleDigest !== false)
        new DigestService(knex, tasks, finance, identity, config.appUrl, clock).register(jobs, config.digestRetryDelaySeconds);
      tasksRoutes(router, tasks, new DigestPreferences(knex), {
        claims: new ClientClaims(knex, tasks, identity),
        identity,
        page: new TaskPageService(knex, tasks, finance, reference, clock),
      });
      const requests = new PrivacyRequestsService(knex, clock);
      privacyErasure = new PrivacyErasure(knex, requests, finance, clock, store);
      // A blocked contact whose retention ended is anonymised: checked every 6 hours.
      const erasure = privacyErasure;
      jobs.work('privacy_retention_sweep', () => erasure.sweep());
      jobs.schedule('privacy_retention_sweep', '40 */6 * * *', { tz: SAO_PAULO });
      privacyRoutes(router, {
        requests,
        exporter: new PrivacyExport(knex, requests, finance, clock, reference, store),
        erasure: privacyErasure,
        notice: new PrivacyNoticeService(knex, requests, broker, identity, config.appUrl, clock),
      });
    },
    internalRoutes(router, { knex }) {
      const stats = new PipelineStatsService(knex);
      statsRoutes(router, stats);
      referenceLookupRoutes(router, stats);
      const account = new AccountDataService(knex, store);
      clearDataRoutes(router, account);
      responsibleRoutes(router, account);
      importClientsRoutes(router, new ImportClientsService(knex));
      internalTasksRoutes(router, new ProductionService(knex, new TasksService(knex, finance, reference, clock), identity, clock));
      pipelineInternalRoutes(router, new PipelineService(knex, catalogues, finance));
      internalRelationshipRoutes(router, new RelationshipService(knex, finance, reference));
      const { conversations } = whatsappOf(knex, new TasksService(knex, finance, reference, clock));
      whatsappInternalRoutes(router, new WhatsappAutomations(knex, conversations, finance));
      const requests = new PrivacyRequestsService(knex, clock);
      internalPortalRoutes(
        router,
        new PortalService(knex, new TasksService(knex, finance, reference, clock), requests, clock),
        new PrivacyNoticeService(knex, requests, broker, identity, config.appUrl, clock),
      );
    },
  });
  return Object.assign(service, {
    retentionPass() {
      return privacyErasure!.sweep();
    },
  });
}

/**
 * One-time jobs that need finance (so no migration can do them): sent at every start, each a no-op
 * once marked done; retried every 30 s while finance is not up yet, 20 times.
 */
function backfills(jobs: Jobs, knex: Knex, finance: InternalClient, reference: (userId: string) => Promise<ReferenceData>): void {
  const once = { retryLimit: 20, retryDelay: 30, retryBackoff: false };
  jobs.work('backfill_policy_lines', () => backfillPolicyLines(knex, finance, reference), once);
  jobs.work('backfill_statement_imports', () => handOverStatementImports(knex, finance), once);
  jobs.work('backfill_policy_imports', () => handOverPolicyImports(knex, finance), once);
  for (const name of ['backfill_policy_lines', 'backfill_statement_imports', 'backfill_policy_imports']) jobs.sendOnStart(name);
}
