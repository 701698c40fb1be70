import path from 'node:path';
import { createService, type Service } from '@corretora/service-kit';
import type { IdentityConfig } from './config';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService, EMAIL_TAKEN } from './modules/auth/auth.service';
import { assertOutboxWritable, createMailer, type Mailer } from './modules/auth/mailer';

export async function createIdentityService(config: IdentityConfig, mailer?: Mailer): Promise<Service> {
  if (!mailer && !config.smtpUrl) await assertOutboxWritable(config.outboxDir);
  const mail = mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir });
  return createService({
    config,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    uniqueConstraints: { users_email_unique: { field: 'email', message: EMAIL_TAKEN } },
    routes(router, { knex, log }) {
      authRoutes(router, new AuthService(knex, mail, config.appUrl, log, config.registerLimitPerHour));
    },
  });
}
