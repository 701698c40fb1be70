import { runMain } from '@corretora/service-kit';
import { createPipelineService } from './app';
import { readPipelineConfig } from './config';

runMain(readPipelineConfig, createPipelineService);
