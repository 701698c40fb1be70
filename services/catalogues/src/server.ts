import { runMain } from '@corretora/service-kit';
import { createCataloguesService } from './app';
import { readCataloguesConfig } from './config';

runMain(readCataloguesConfig, createCataloguesService);
