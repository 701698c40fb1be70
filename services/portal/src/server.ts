import { runMain } from '@corretora/service-kit';
import { createPortalService } from './app';
import { readPortalConfig } from './config';

runMain(readPortalConfig, createPortalService);
