import path from 'node:path';
import { readBaseConfig, type BaseConfig } from '@corretora/service-kit';

export interface IdentityConfig extends BaseConfig {
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string;
  /** Accounts one address may create per hour (REGISTER_LIMIT_PER_HOUR): an office behind one NAT may need more. */
  registerLimitPerHour: number;
}

const REPO_ROOT = path.resolve(__dirname, '../../..');
export const DEFAULT_REGISTER_LIMIT_PER_HOUR = 20;

function positiveInteger(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${raw}`);
  return value;
}

export function readIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return {
    ...readBaseConfig('identity', env),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Corretora CRM <nao-responda@corretora.local>',
    outboxDir: env.MAIL_OUTBOX_DIR ?? path.join(REPO_ROOT, '.data', 'outbox'),
    registerLimitPerHour: positiveInteger(env.REGISTER_LIMIT_PER_HOUR, DEFAULT_REGISTER_LIMIT_PER_HOUR, 'REGISTER_LIMIT_PER_HOUR'),
  };
}
