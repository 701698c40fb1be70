import path from 'node:path';
import { tables } from './tables';
import { contactOverviewRoutes } from './modules/overview/contact-overview.routes';
import { searchRoutes } from './modules/search/search.routes';
import { SearchService } from './modules/search/search.service';
import { ContactOverviewService } from './modules/overview/contact-overview.service';
import { CATALOGUE_OPERATIONS, DEFAULT_CHARGEBACK_STEPS, FINANCE_OPERATIONS } from '@corretora/contracts';
import {
  HttpError,
  ImportsService,
  assertResponsible,
  createInternalClient,
  createObjectStore,
  createService,
  importHandOverRoutes,
  importsRoutes,
  route,
  statementsRoutes,
  type ObjectStore,
  type Service,
} from '@corretora/service-kit';
import type { Knex } from 'knex';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { PrivacyService } from './modules/privacy/privacy.service';
import type { FinanceConfig } from './config';
import { AccountDataService, FINANCE_ACCOUNT_TABLES } from './modules/account/account-data.service';
import { MonthTotals } from './modules/totals/month-totals';
import { clearDataRoutes, contactMoveRoutes, responsibleRoutes } from './modules/account/clear-data.routes';
import { ContactMoveService } from './modules/account/contact-move.service';
import { claimsRoutes } from './modules/claims/claims.routes';
import { ClaimsService } from './modules/claims/claims.service';
import { commissionsRoutes } from './modules/commissions/commissions.routes';
import { CommissionsService } from './modules/commissions/commissions.service';
import { PipelineLookup } from './modules/pipeline/pipeline-lookup';
import { documentFileRoutes, documentsRoutes } from './modules/documents/documents.routes';
import { portalRoutes } from './modules/portal/portal.routes';
import { PortalRecordsService } from './modules/portal/portal-records.service';
import { DocumentsService } from './modules/documents/documents.service';
import { policiesRoutes, policyIssueRoutes } from './modules/policies/policies.routes';
import { PoliciesService } from './modules/policies/policies.service';
import { PolicyImportService } from './modules/policies/policy-import.service';
import { policiesKind } from './modules/policies/policy-import-kind';
import { instalmentsRoutes } from './modules/instalments/instalments.routes';
import { InstalmentReminders } from './modules/instalments/instalment-reminders';
import { InstalmentsService } from './modules/instalments/instalments.service';
import { ReceivableSettingsService } from './modules/policies/receivable-settings.service';
import { receivablesRoutes } from './modules/receivables/receivables.routes';
import { statementKind } from './modules/receivables/statement-import';
import { ReceivablesService } from './modules/receivables/receivables.service';
import { StatementsService } from './modules/receivables/statements.service';
import { RenewalReportService } from './modules/renewals/renewal-report.service';
import { RenewalTasksService } from './modules/renewals/renewal-tasks.service';
import { TaskWindowService } from './modules/renewals/task-window';
import { renewalTaskRoutes, renewalsRoutes } from './modules/renewals/renewals.routes';
import { RenewalsService } from './modules/renewals/renewals.service';
import { CommissionRulesService } from './modules/repasse/commission-rules.service';
import { RepasseLedger } from './modules/repasse/repasse-ledger';
import { productionRoutes } from './modules/production/production.routes';
import { ProductionService } from './modules/production/production.service';
import { repasseRoutes } from './modules/repasse/repasse.routes';
import { RepasseService } from './modules/repasse/repasse.service';
import { quoteClosingRoutes, quotesRoutes } from './modules/quotes/quotes.routes';
import { QuoteSettingsService } from './modules/quotes/quote-settings.service';
import { QuoteDisclosureService } from './modules/quotes/quote-disclosure.service';
import { ComparisonsService } from './modules/quotes/comparisons.service';
import { QuotesReportService } from './modules/quotes/quotes-report.service';
import { QuotesService } from './modules/quotes/quotes.service';
import { statsRoutes } from './modules/stats/stats.routes';
import { FinanceStatsService } from './modules/stats/stats.service';

export async function createFinanceService(config: FinanceConfig, store: ObjectStore = createObjectStore()): Promise<Service> {
  await store.ensureBucket();
  const pipeline = new PipelineLookup(config.pipelineUrl, config.internalToken);
  const pipelineClient = createInternalClient(config.pipelineUrl, config.internalToken, 10_000);
  const catalogues = createInternalClient(config.cataloguesUrl, config.internalToken);
  const identity = config.identityUrl ? createInternalClient(config.identityUrl, config.internalToken) : null;
  const broker = config.brokerUrl ? createInternalClient(config.brokerUrl, config.internalToken) : null;
  const chargebackSteps = async (userId: string, insurerId: number) => {
    try {
      return (await catalogues.call(CATALOGUE_OPERATIONS.chargebackRuleFor, { params: { userId, id: insurerId } })).steps;
    } catch (error) {
      // An insurer removed from the catalogue since the policy was written: the default scale.
      if (error instanceof HttpError && error.status === 404) return DEFAULT_CHARGEBACK_STEPS;
      throw error;
    }
  };
  const insurerNames = (userId: string) => catalogues.call(CATALOGUE_OPERATIONS.insurersFor, { params: { userId } });
  const renewalsOf = (knex: Knex, instalments: InstalmentsService) =>
    new RenewalsService(
      knex,
      new PoliciesService(knex, instalments, chargebackSteps, new RepasseLedger(knex)),
      instalments,
      insurerNames,
      chargebackSteps,
    );
  let imports: ImportsService | null = null;
  const service = await createService({
    config,
    tables,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    requiresOnboarding: true,
    accountTables: FINANCE_ACCOUNT_TABLES,
    auditTables: {
      policies: 'policy',
      policy_instalments: 'instalment',
      renewals: 'renewal',
      claims: 'claim',
      documents: 'document',
      commission_rules: 'commission_rule',
      policy_participants: 'policy_participant',
      repasse_closings: 'repasse_closing',
      quotes: 'quote',
    },
    routes(router, { knex, jobs, log }) {
      const settings = new ReceivableSettingsService(knex);
      const instalments = new InstalmentsService(knex, settings);
      const statements = new StatementsService(knex, settings);
      policiesRoutes(router, new PoliciesService(knex, instalments, chargebackSteps, new RepasseLedger(knex)), insurerNames, identity);
      instalmentsRoutes(router, instalments, new InstalmentReminders(knex, instalments, pipeline, pipelineClient, insurerNames));
      const renewals = renewalsOf(knex, instalments);
      // Renewal items appear within the hour for policies entering the window, whether or not anyone reads the list.
      renewals.schedule(jobs);
      // The months' totals a large book's figures are read from, recomputed where a write marked them; a
      // written policy's renewal item with them (the lists then read items, never the whole window).
      const totals = new MonthTotals(knex, settings, (trx, userId) => renewals.ensure(userId, undefined, trx));
      totals.schedule(jobs);
      receivablesRoutes(
        router,
        new ReceivablesService(knex, settings, statements, insurerNames, totals.receivableMonths),
        settings,
        statements,
      );
      imports = new ImportsService(
        knex,
        {
          statement: statementKind(knex, statements, (userId, documents) => pipeline.contactsByDocument(userId, documents), insurerNames),
          policies: policiesKind(
            new PolicyImportService(knex, instalments, new RepasseLedger(knex)),
            pipelineClient,
            insurerNames,
            identity,
          ),
        },
        { jobs, onRunError: (error) => log.error({ err: error }, 'import commit stopped') },
      );
      statementsRoutes(router, imports);
      // /api/imports of policies: the pipeline's door hands on what it does not hold (contacts are its).
      importsRoutes(router, imports, ['policies'], (userId, memberId) => assertResponsible(identity, userId, memberId));
      renewalsRoutes(router, renewals, new RenewalReportService(knex, (userId) => renewals.ensureWhenWritten(userId), insurerNames));
      claimsRoutes(router, new ClaimsService(knex, pipeline));
      commissionsRoutes(router, new CommissionsService(knex, totals));
      repasseRoutes(router, new RepasseService(knex), new CommissionRulesService(knex), identity, insurerNames, broker);
      productionRoutes(router, new ProductionService(knex, pipelineClient), identity);
      const documents = new DocumentsService(knex, store, pipeline);
      documentsRoutes(router, documents);
      portalRoutes(router, new PortalRecordsService(knex, documents, insurerNames, pipelineClient));
      const quoteSettings = new QuoteSettingsService(knex);
      const quotes = new QuotesService(knex, pipelineClient, pipeline, insurerNames, quoteSettings);
      quotesRoutes(
        router,
        quotes,
        new QuoteDisclosureService(knex, quotes, documents, pipeline, { pipeline: pipelineClient, broker, identity }, insurerNames),
        new QuotesReportService(knex, insurerNames),
        new ComparisonsService(
          knex,
          quotes,
          documents,
          pipeline,
          { pipeline: pipelineClient, broker, identity },
          insurerNames,
          config.appUrl,
        ),
        quoteSettings,
      );
    },
    internalRoutes(router, { knex }) {
      const settings = new ReceivableSettingsService(knex);
      const instalments = new InstalmentsService(knex, settings);
      const quoteSettings = new QuoteSettingsService(knex);
      const policies = new PoliciesService(knex, instalments, chargebackSteps, new RepasseLedger(knex));
      policyIssueRoutes(router, policies, new PolicyImportService(knex, instalments, new RepasseLedger(knex)), quoteSettings);
      quoteClosingRoutes(router, quoteSettings);
      // The pipeline lists these beside its contacts imports at /api/imports.
      route(router, FINANCE_OPERATIONS.policyImports, ({ params }) => (imports as ImportsService).list(params.userId, ['policies']));
      statsRoutes(router, new FinanceStatsService(knex, new MonthTotals(knex, settings), new RepasseService(knex)));
      importHandOverRoutes(router, knex);
      const account = new AccountDataService(knex, store);
      clearDataRoutes(router, account);
      responsibleRoutes(router, account);
      contactMoveRoutes(router, new ContactMoveService(knex));
      const renewals = renewalsOf(knex, instalments);
      // A client's (the ficha) at once; the whole book's only when a policy was written since the job summed.
      const renewalTasks = new RenewalTasksService(knex, (userId, contactId) =>
        contactId === undefined ? renewals.ensureWhenWritten(userId) : renewals.ensure(userId, contactId),
      );
      renewalTaskRoutes(
        router,
        renewalTasks,
        new TaskWindowService(knex, renewalTasks, policies, (userId) => renewals.ensureWhenWritten(userId)),
      );
      contactOverviewRoutes(
        router,
        new ContactOverviewService(
          knex,
          instalments,
          settings,
          (userId, contactId) => renewals.ensure(userId, contactId),
          (userId, contactId, until) => renewalTasks.contactRows(userId, contactId, until),
          (userId, contactId, until) => policies.numberTasks(userId, until, contactId),
        ),
      );
      searchRoutes(router, new SearchService(knex));
      privacyRoutes(router, new PrivacyService(knex, store));
      documentFileRoutes(router, new DocumentsService(knex, store, pipeline));
    },
  });
  return service;
}
