import path from 'node:path';
import { createObjectStore, createService, type ObjectStore, type Service } from '@corretora/service-kit';
import type { BrokerConfig } from './config';
import { clearDataRoutes } from './modules/account/clear-data.routes';
import { ClearDataService } from './modules/account/clear-data.service';
import { brokerProfileRoutes, internalBrokerProfileRoutes } from './modules/broker-profile/broker-profile.routes';
import { BrokerProfileService } from './modules/broker-profile/broker-profile.service';
import { DisclosureService } from './modules/broker-profile/disclosure.service';
import { MemberPhotoService } from './modules/broker-profile/member-photo.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { tables } from './tables';

export async function createBrokerService(config: BrokerConfig, store: ObjectStore = createObjectStore()): Promise<Service> {
  await store.ensureBucket();
  return createService({
    config,
    tables,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    auditTables: { broker_profiles: 'brokerage', broker_disclosures: 'disclosure' },
    routes(router, { knex, log }) {
      const profiles = new BrokerProfileService(knex, store);
      brokerProfileRoutes(router, profiles, new MemberPhotoService(knex, store), new DisclosureService(knex, profiles));
      dashboardRoutes(router, config);
      clearDataRoutes(router, new ClearDataService(config, { knex, log }));
    },
    internalRoutes(router, { knex }) {
      const profiles = new BrokerProfileService(knex, store);
      internalBrokerProfileRoutes(router, profiles, new DisclosureService(knex, profiles));
    },
  });
}
