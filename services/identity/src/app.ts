import path from 'node:path';
import { createService, type Service } from '@corretora/service-kit';
import type { IdentityConfig } from './config';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { createMailer, type Mailer } from './modules/auth/mailer';

export async function createIdentityService(config: IdentityConfig, mailer?: Mailer): Promise<Service> {
  const mail = mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir });
  return createService({
    config,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    routes(router, { knex, log }) {
      authRoutes(router, new AuthService(knex, mail, config.appUrl, log, config.registerLimitPerHour));
    },
  });
}
