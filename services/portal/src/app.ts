import path from 'node:path';
import { RateLimiter, createInternalClient, createService, type Service } from '@corretora/service-kit';
import type { PortalConfig } from './config';
import { portalClientRoutes } from './modules/client/portal-client.routes';
import { PortalClientService } from './modules/client/portal-client.service';
import { portalAccessRoutes } from './modules/contacts/portal-access.routes';
import { PortalAccessService } from './modules/contacts/portal-access.service';
import { portalSettingsRoutes } from './modules/settings/portal-settings.routes';
import { PortalSettingsService } from './modules/settings/portal-settings.service';
import { PortalBrokerages } from './modules/sign-in/brokerages';
import { CODE_MAIL_JOB, PortalSignIn } from './modules/sign-in/portal-sign-in.service';
import { Sealer } from './modules/sign-in/sealed';
import { PortalSessions } from './modules/sign-in/portal-sessions.service';
import { tables } from './tables';

/**
 * The client portal's service (#61): a brokerage's clients sign in by a code and read and ask for
 * what is theirs. It owns the settings, the codes and the last accesses; the contacts and their
 * tasks are the pipeline's, the brokerage's name and logo the broker's, the mail identity's
 * (each over its internal listener), and finance answers the policies, documents and claims itself.
 */
export async function createPortalService(config: PortalConfig): Promise<Service> {
  const pipeline = createInternalClient(config.pipelineUrl, config.internalToken);
  const broker = createInternalClient(config.brokerUrl, config.internalToken);
  const identity = createInternalClient(config.identityUrl, config.internalToken);
  return createService({
    config,
    tables,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    auditTables: { portal_settings: 'portal_settings' },
    routes(router, { knex, jobs }) {
      const settings = new PortalSettingsService(knex, pipeline);
      const brokerages = new PortalBrokerages(settings, pipeline, broker);
      const signIn = new PortalSignIn(
        knex,
        brokerages,
        pipeline,
        identity,
        new RateLimiter(knex),
        jobs,
        new Sealer(config.internalToken),
        config.sessionKeys[0]!,
      );
      const access = new PortalAccessService(knex, settings, pipeline, identity, signIn, config.appUrl);
      jobs.work<{ sealed: string }>(CODE_MAIL_JOB, async ({ sealed }) => {
        await signIn.mailCode(sealed, config.appUrl);
      });
      portalSettingsRoutes(router, settings);
      portalAccessRoutes(router, access);
      portalClientRoutes(router, {
        brokerages,
        codes: signIn,
        sessions: new PortalSessions(knex, config.session.secure, brokerages, signIn, access),
        clients: new PortalClientService(pipeline, brokerages),
      });
    },
  });
}
