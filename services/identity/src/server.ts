import { runMain } from '@corretora/service-kit';
import { createIdentityService } from './app';
import { readIdentityConfig } from './config';

runMain(readIdentityConfig, createIdentityService);
