import type { PortalMe, PortalSignInInput } from '@corretora/contracts';
import { recordAuditEvent, runAsClientActor, runAsMember, signInClient, signOutClient } from '@corretora/service-kit';
import type { Knex } from 'knex';
import type Koa from 'koa';
import { meOf } from '../client/portal-client.service';
import type { PortalAccessService } from '../contacts/portal-access.service';
import type { PortalBrokerages } from './brokerages';
import type { PortalSignIn } from './portal-sign-in.service';

/** A client's session on the portal: opened by a right code (audited, the last access kept), closed on Sair. */
export class PortalSessions {
  constructor(
    private readonly knex: Knex,
    private readonly secure: boolean,
    private readonly brokerages: PortalBrokerages,
    private readonly codes: PortalSignIn,
    private readonly access: PortalAccessService,
  ) {}

  async signIn(ctx: Koa.Context, slug: string, input: PortalSignInInput): Promise<PortalMe> {
    const portal = await this.brokerages.open(slug);
    const record = await this.codes.verify(portal, input.document, input.code);
    await signInClient(ctx, this.knex, this.secure, {
      userId: portal.userId,
      document: input.document,
      contactIds: record.contactIds,
      contactId: record.contactId,
      name: record.name,
    });
    await this.access.signedIn(portal.userId, record.contactIds);
    // The client's, not a member's: no member is the actor even when this browser holds a member's session too.
    await runAsMember(undefined, () =>
      runAsClientActor({ contactId: record.contactId, address: ctx.ip }, () =>
        recordAuditEvent(this.knex, portal.userId, {
          action: 'sign_in',
          entity: 'portal',
          entityId: String(record.contactId),
          changes: { cliente: record.name, origem: 'portal do cliente', endereco: ctx.ip },
        }),
      ),
    );
    return meOf(await this.brokerages.page(portal), input.document, record);
  }

  signOut(ctx: Koa.Context): Promise<void> {
    return signOutClient(ctx, this.knex, this.secure);
  }
}
