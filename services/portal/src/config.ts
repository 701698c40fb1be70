import { internalUrlEnv } from '@corretora/registry';
import { readBaseConfig, type BaseConfig } from '@corretora/service-kit';

export interface PortalConfig extends BaseConfig {
  /** The pipeline's /internal listener: the brokerage of a portal's address, its clients, their tasks. */
  pipelineUrl: string;
  /** The broker service's /internal listener: the brokerage's name and logo on every page. */
  brokerUrl: string;
  /** Identity's /internal listener: it mails the codes and the invitations. */
  identityUrl: string;
}

function required(env: NodeJS.ProcessEnv, service: 'pipeline' | 'broker' | 'identity'): string {
  const key = internalUrlEnv(service);
  const url = env[key];
  if (!url) throw new Error(`${key} is not set: the portal reaches the ${service} service there. \`npm start\` sets it.`);
  return url;
}

export function readPortalConfig(env: NodeJS.ProcessEnv = process.env): PortalConfig {
  return {
    ...readBaseConfig('portal', env),
    pipelineUrl: required(env, 'pipeline'),
    brokerUrl: required(env, 'broker'),
    identityUrl: required(env, 'identity'),
  };
}
