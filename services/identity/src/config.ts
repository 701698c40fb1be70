import path from 'node:path';
import { internalUrlEnv } from '@corretora/registry';
import { positiveInteger, readBaseConfig, type BaseConfig } from '@corretora/service-kit';

export interface IdentityConfig extends BaseConfig {
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string;
  /** Accounts one address may create per hour (REGISTER_LIMIT_PER_HOUR): an office behind one NAT may need more. */
  registerLimitPerHour: number;
  /**
   * Wrong invitation tokens one address may try in 15 minutes (INVITATION_LIMIT_PER_15_MINUTES): an
   * accepted invitation gives its try back, so a whole team joining from one office is never refused.
   */
  invitationLimitPer15Minutes?: number;
  /** Internal base URLs: the brokerage's name (broker) and the services whose records a carteira transfer moves. */
  brokerUrl: string | null;
  pipelineUrl: string | null;
  financeUrl: string | null;
}

const REPO_ROOT = path.resolve(__dirname, '../../..');
export const DEFAULT_REGISTER_LIMIT_PER_HOUR = 20;
export const DEFAULT_INVITATION_LIMIT_PER_15_MINUTES = 20;

export function readIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return {
    ...readBaseConfig('identity', env),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Corretora CRM <nao-responda@corretora.local>',
    outboxDir: env.MAIL_OUTBOX_DIR ?? path.join(REPO_ROOT, '.data', 'outbox'),
    registerLimitPerHour: positiveInteger(env, 'REGISTER_LIMIT_PER_HOUR', DEFAULT_REGISTER_LIMIT_PER_HOUR),
    invitationLimitPer15Minutes: positiveInteger(env, 'INVITATION_LIMIT_PER_15_MINUTES', DEFAULT_INVITATION_LIMIT_PER_15_MINUTES),
    brokerUrl: env[internalUrlEnv('broker')] || null,
    pipelineUrl: env[internalUrlEnv('pipeline')] || null,
    financeUrl: env[internalUrlEnv('finance')] || null,
  };
}
