import { runMain } from '@corretora/service-kit';
import { createBrokerService } from './app';
import { readBrokerConfig } from './config';

runMain(readBrokerConfig, createBrokerService);
