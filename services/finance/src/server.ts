import { runMain } from '@corretora/service-kit';
import { createFinanceService } from './app';
import { readFinanceConfig } from './config';

runMain(readFinanceConfig, createFinanceService);
