import path from 'node:path';
import { createService, type Service, type ServiceDeps } from '@corretora/service-kit';
import type { IdentityConfig } from './config';
import { authRoutes, internalAuthRoutes } from './modules/auth/auth.routes';
import { AuthService, EMAIL_TAKEN } from './modules/auth/auth.service';
import { assertOutboxWritable, createMailer, type Mailer } from './modules/auth/mailer';

export async function createIdentityService(config: IdentityConfig, mailer?: Mailer): Promise<Service> {
  if (!mailer && !config.smtpUrl) await assertOutboxWritable(config.outboxDir);
  const mail = mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir });
  // One service for both listeners: the public one's routes and the internal one's mail.
  let auth: AuthService | undefined;
  const authOf = ({ knex, log }: ServiceDeps) => (auth ??= new AuthService(knex, mail, config.appUrl, log, config.registerLimitPerHour));
  return createService({
    config,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    uniqueConstraints: { users_email_unique: { field: 'email', message: EMAIL_TAKEN } },
    routes(router, deps) {
      authRoutes(router, authOf(deps));
    },
    internalRoutes(router, deps) {
      internalAuthRoutes(router, authOf(deps));
    },
  });
}
