import { readBaseConfig, type BaseConfig } from '@corretora/service-kit';

export interface BrokerConfig extends BaseConfig {
  /** Internal base URLs of the services that own leads and policies/claims, once they are deployed. */
  pipelineUrl: string | null;
  financeUrl: string | null;
}

export function readBrokerConfig(env: NodeJS.ProcessEnv = process.env): BrokerConfig {
  return {
    ...readBaseConfig('broker', env),
    pipelineUrl: env.PIPELINE_INTERNAL_URL || null,
    financeUrl: env.FINANCE_INTERNAL_URL || null,
  };
}
