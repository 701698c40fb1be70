import path from 'node:path';
import { internalUrlEnv } from '@corretora/registry';
import { positiveInteger, readBaseConfig, type BaseConfig } from '@corretora/service-kit';

export interface IdentityConfig extends BaseConfig {
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string;
  /** Accounts one address may create per hour (REGISTER_LIMIT_PER_HOUR): an office behind one NAT may need more. */
  registerLimitPerHour: number;
  /** Internal base URLs: the brokerage's name (broker) and the services whose records a carteira transfer moves. */
  brokerUrl: string | null;
  pipelineUrl: string | null;
  financeUrl: string | null;
}

const REPO_ROOT = path.resolve(__dirname, '../../..');
export const DEFAULT_REGISTER_LIMIT_PER_HOUR = 20;

export function readIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return {
    ...readBaseConfig('identity', env),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Corretora CRM <nao-responda@corretora.local>',
    outboxDir: env.MAIL_OUTBOX_DIR ?? path.join(REPO_ROOT, '.data', 'outbox'),
    registerLimitPerHour: positiveInteger(env, 'REGISTER_LIMIT_PER_HOUR', DEFAULT_REGISTER_LIMIT_PER_HOUR),
    brokerUrl: env[internalUrlEnv('broker')] || null,
    pipelineUrl: env[internalUrlEnv('pipeline')] || null,
    financeUrl: env[internalUrlEnv('finance')] || null,
  };
}
