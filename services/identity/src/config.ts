import path from 'node:path';
import { readBaseConfig, type BaseConfig } from '@corretora/service-kit';

export interface IdentityConfig extends BaseConfig {
  appUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string;
}

const REPO_ROOT = path.resolve(__dirname, '../../..');

export function readIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return {
    ...readBaseConfig('identity', 4101, env),
    appUrl: (env.APP_URL ?? 'http://localhost:8080').replace(/\/$/, ''),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Corretora CRM <nao-responda@corretora.local>',
    outboxDir: env.MAIL_OUTBOX_DIR ?? path.join(REPO_ROOT, '.data', 'outbox'),
  };
}
