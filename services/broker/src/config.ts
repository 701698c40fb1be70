import { internalUrlEnv } from '@corretora/registry';
import { readBaseConfig, type BaseConfig } from '@corretora/service-kit';

export interface BrokerConfig extends BaseConfig {
  /** Internal base URLs of the services that own catalogues, leads and policies/claims, once they are deployed. */
  cataloguesUrl: string | null;
  pipelineUrl: string | null;
  financeUrl: string | null;
}

export function readBrokerConfig(env: NodeJS.ProcessEnv = process.env): BrokerConfig {
  return {
    ...readBaseConfig('broker', env),
    cataloguesUrl: env[internalUrlEnv('catalogues')] || null,
    pipelineUrl: env[internalUrlEnv('pipeline')] || null,
    financeUrl: env[internalUrlEnv('finance')] || null,
  };
}
