import { runService } from '@corretora/service-kit';
import { createCataloguesService } from './app';
import { readCataloguesConfig } from './config';

const config = readCataloguesConfig();
createCataloguesService(config).then(
  (service) => runService(service, config),
  (error: unknown) => {
    console.error('catalogues failed to start', error);
    process.exit(1);
  },
);
