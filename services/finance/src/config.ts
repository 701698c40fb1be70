import { internalUrlEnv } from '@corretora/registry';
import { readBaseConfig, type BaseConfig } from '@corretora/service-kit';

export interface FinanceConfig extends BaseConfig {
  /** The pipeline service's /internal listener: a claim's contact must be one of the broker's. */
  pipelineUrl: string;
  /** The catalogues service's /internal listener: insurers' names and chargeback scales. */
  cataloguesUrl: string;
  /** The identity service's /internal listener: a record given to a member must be one of the team's (null: no reassigning). */
  identityUrl: string | null;
  /** The broker service's /internal listener: the brokerage a repasse statement names (null: the statement names none). */
  brokerUrl?: string | null;
}

export function readFinanceConfig(env: NodeJS.ProcessEnv = process.env): FinanceConfig {
  const key = internalUrlEnv('pipeline');
  const pipelineUrl = env[key];
  if (!pipelineUrl)
    throw new Error(`${key} is not set: finance checks every claim's contact with the pipeline service. \`npm start\` sets it.`);
  const cataloguesKey = internalUrlEnv('catalogues');
  const cataloguesUrl = env[cataloguesKey];
  if (!cataloguesUrl)
    throw new Error(
      `${cataloguesKey} is not set: finance reads insurers' chargeback scales from the catalogues service. \`npm start\` sets it.`,
    );
  return {
    ...readBaseConfig('finance', env),
    pipelineUrl,
    cataloguesUrl,
    identityUrl: env[internalUrlEnv('identity')] || null,
    brokerUrl: env[internalUrlEnv('broker')] || null,
  };
}
