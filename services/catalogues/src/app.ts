import path from 'node:path';
import { RateLimiter, createService, withAdvisoryLock, type Service } from '@corretora/service-kit';
import type { CataloguesConfig } from './config';
import { chargebackRuleRoutes, internalChargebackRuleRoutes } from './modules/chargeback/chargeback-rule.routes';
import { ChargebackRuleService } from './modules/chargeback/chargeback-rule.service';
import { clearDataRoutes } from './modules/account/clear-data.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { CatalogueService } from './modules/catalogue/catalogue.service';
import { CATALOGUE_ACCOUNT_TABLES, resetToDefaults } from './modules/defaults/default-catalogues';
import { insurersCatalogue, leadSourcesCatalogue, productsCatalogue } from './modules/catalogue/catalogue-definitions';
import { PasswordBox } from './modules/sealing/password-box';
import { insurerPasswordRoutes } from './modules/insurers/insurer-password.routes';
import { InsurerPasswordService } from './modules/insurers/insurer-password.service';
import { internalCheckRoutes, referenceDataRoutes } from './modules/reference-data/reference-data.routes';
import { ReferenceDataService } from './modules/reference-data/reference-data.service';
import { stageLimitsRoutes } from './modules/stages/stage-limits.routes';
import { cepRoutes } from './modules/cep/cep.routes';
import { CepService } from './modules/cep/cep.service';
import { StageLimitsService } from './modules/stages/stage-limits.service';
import { tables } from './tables';

export async function createCataloguesService(config: CataloguesConfig): Promise<Service> {
  const box = new PasswordBox(config.insurerPasswordKey);
  const service = await createService({
    config,
    tables,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    requiresOnboarding: true,
    // The brokerage's address step (onboarding) fills its address from the CEP.
    openBeforeOnboarding: ['/api/cep/'],
    accountTables: CATALOGUE_ACCOUNT_TABLES,
    auditTables: { products: 'product', insurers: 'insurer', lead_sources: 'lead_source' },
    uniqueConstraints: Object.fromEntries(
      [productsCatalogue, insurersCatalogue(box), leadSourcesCatalogue].map((catalogue) => [
        `${catalogue.table}_user_name_unique`,
        { field: 'name', message: catalogue.duplicateMessage },
      ]),
    ),
    routes(router, { knex }) {
      catalogueRoutes(router, new CatalogueService(knex, productsCatalogue));
      catalogueRoutes(router, new CatalogueService(knex, insurersCatalogue(box)));
      insurerPasswordRoutes(router, new InsurerPasswordService(knex, box));
      chargebackRuleRoutes(router, new ChargebackRuleService(knex));
      catalogueRoutes(router, new CatalogueService(knex, leadSourcesCatalogue));
      const referenceData = new ReferenceDataService(knex);
      referenceDataRoutes(router, referenceData);
      cepRoutes(router, new CepService(new RateLimiter(knex), config.cepProviderUrl));
      stageLimitsRoutes(router, new StageLimitsService(knex, referenceData));
    },
    internalRoutes(router, { knex }) {
      internalCheckRoutes(router, new ReferenceDataService(knex));
      internalChargebackRuleRoutes(router, new ChargebackRuleService(knex));
      clearDataRoutes(router, (userId) => resetToDefaults(knex, userId));
    },
  });
  await withAdvisoryLock(service.knex, 'catalogues:insurer-passwords', () => box.upgradeLegacy(service.knex));
  return service;
}
