import path from 'node:path';
import { createObjectStore, createService, type ObjectStore, type Service } from '@corretora/service-kit';
import type { FinanceConfig } from './config';
import { AccountDataService, FINANCE_ACCOUNT_TABLES } from './modules/account/account-data.service';
import { clearDataRoutes, contactMoveRoutes } from './modules/account/clear-data.routes';
import { ContactMoveService } from './modules/account/contact-move.service';
import { claimsRoutes } from './modules/claims/claims.routes';
import { ClaimsService } from './modules/claims/claims.service';
import { commissionsRoutes } from './modules/commissions/commissions.routes';
import { CommissionsService } from './modules/commissions/commissions.service';
import { PipelineLookup } from './modules/pipeline/pipeline-lookup';
import { documentsRoutes } from './modules/documents/documents.routes';
import { DocumentsService } from './modules/documents/documents.service';
import { policiesRoutes, policyIssueRoutes } from './modules/policies/policies.routes';
import { PoliciesService } from './modules/policies/policies.service';
import { PolicyImportService } from './modules/policies/policy-import.service';
import { InstalmentsService } from './modules/instalments/instalments.service';
import { statsRoutes } from './modules/stats/stats.routes';
import { FinanceStatsService } from './modules/stats/stats.service';

export async function createFinanceService(config: FinanceConfig, store: ObjectStore = createObjectStore()): Promise<Service> {
  await store.ensureBucket();
  const pipeline = new PipelineLookup(config.pipelineUrl, config.internalToken);
  return createService({
    config,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    requiresOnboarding: true,
    accountTables: FINANCE_ACCOUNT_TABLES,
    routes(router, { knex }) {
      const instalments = new InstalmentsService(knex);
      policiesRoutes(router, new PoliciesService(knex, instalments), instalments);
      claimsRoutes(router, new ClaimsService(knex, pipeline));
      commissionsRoutes(router, new CommissionsService(knex));
      documentsRoutes(router, new DocumentsService(knex, store, pipeline));
    },
    internalRoutes(router, { knex }) {
      const instalments = new InstalmentsService(knex);
      policyIssueRoutes(router, new PoliciesService(knex, instalments), new PolicyImportService(knex, instalments));
      statsRoutes(router, new FinanceStatsService(knex));
      clearDataRoutes(router, new AccountDataService(knex, store));
      contactMoveRoutes(router, new ContactMoveService(knex));
    },
  });
}
