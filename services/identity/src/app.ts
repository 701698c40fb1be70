import path from 'node:path';
import { createInternalClient, createService, type Service, type ServiceDeps } from '@corretora/service-kit';
import type { IdentityConfig } from './config';
import { authRoutes, internalAuthRoutes } from './modules/auth/auth.routes';
import { AuthService, EMAIL_TAKEN } from './modules/auth/auth.service';
import { assertOutboxWritable, createMailer, type Mailer } from './modules/auth/mailer';
import { auditRoutes } from './modules/audit/audit.routes';
import { AuditService } from './modules/audit/audit.service';
import { internalTeamRoutes, teamRoutes } from './modules/team/team.routes';
import { TeamService } from './modules/team/team.service';
import { tables } from './tables';

export async function createIdentityService(config: IdentityConfig, mailer?: Mailer): Promise<Service> {
  if (!mailer && !config.smtpUrl) await assertOutboxWritable(config.outboxDir);
  const mail = mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir });
  // One service for both listeners: the public one's routes and the internal one's mail.
  let auth: AuthService | undefined;
  const authOf = ({ knex, log }: ServiceDeps) => (auth ??= new AuthService(knex, mail, config.appUrl, log, config.registerLimitPerHour));
  const client = (url: string | null) => (url ? createInternalClient(url, config.internalToken) : null);
  const holders = { pipeline: client(config.pipelineUrl), finance: client(config.financeUrl), broker: client(config.brokerUrl) };
  let team: TeamService | undefined;
  const teamOf = ({ knex, log }: ServiceDeps) =>
    (team ??= new TeamService(knex, mail, config.appUrl, log, holders, config.invitationLimitPer15Minutes));
  return createService({
    config,
    tables,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    // The team's changes (a role, a member disabled); the password and reset token never.
    auditTables: { users: 'member', invitations: 'invitation' },
    uniqueConstraints: { users_email_unique: { field: 'email', message: EMAIL_TAKEN } },
    // The sessions are identity's: its cleanup clears the expired ones (and the account limits) for every service.
    cleansSharedTables: true,
    routes(router, deps) {
      authRoutes(router, authOf(deps));
      teamRoutes(router, teamOf(deps));
      auditRoutes(router, new AuditService(deps.knex));
    },
    internalRoutes(router, deps) {
      internalAuthRoutes(router, authOf(deps));
      internalTeamRoutes(router, teamOf(deps));
    },
  });
}
