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
      const auth = new AuthService(knex, mail, config.appUrl, log);
      const prune = setInterval(() => {
        auth.pruneRateLimits().catch((error: unknown) => log.warn({ err: error }, 'rate limit pruning failed'));
      }, 60 * 60 * 1000);
      prune.unref();
      authRoutes(router, auth);
    },
  });
}
