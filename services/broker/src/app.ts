import path from 'node:path';
import { createObjectStore, createService, type ObjectStore, type Service } from '@corretora/service-kit';
import type { BrokerConfig } from './config';
import { clearDataRoutes } from './modules/account/clear-data.routes';
import { ClearDataService } from './modules/account/clear-data.service';
import { brokerProfileRoutes, internalBrokerProfileRoutes } from './modules/broker-profile/broker-profile.routes';
import { BrokerProfileService } from './modules/broker-profile/broker-profile.service';
import { MemberPhotoService } from './modules/broker-profile/member-photo.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { tables } from './tables';

export async function createBrokerService(config: BrokerConfig, store: ObjectStore = createObjectStore()): Promise<Service> {
  await store.ensureBucket();
  return createService({
    config,
    tables,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    auditTables: { broker_profiles: 'brokerage' },
    routes(router, { knex, log }) {
      brokerProfileRoutes(router, new BrokerProfileService(knex, store), new MemberPhotoService(knex, store));
      dashboardRoutes(router, config);
      clearDataRoutes(router, new ClearDataService(config, { knex, log }));
    },
    internalRoutes(router, { knex }) {
      internalBrokerProfileRoutes(router, new BrokerProfileService(knex, store));
    },
  });
}
