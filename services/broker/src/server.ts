import { runService } from '@corretora/service-kit';
import { createBrokerService } from './app';
import { readBrokerConfig } from './config';

const config = readBrokerConfig();
createBrokerService(config).then(
  (service) => runService(service, config),
  (error: unknown) => {
    console.error('broker failed to start', error);
    process.exit(1);
  },
);
