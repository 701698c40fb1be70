import { runService } from '@corretora/service-kit';
import { createIdentityService } from './app';
import { readIdentityConfig } from './config';

const config = readIdentityConfig();
createIdentityService(config).then(
  (service) => runService(service, config),
  (error: unknown) => {
    console.error('identity failed to start', error);
    process.exit(1);
  },
);
