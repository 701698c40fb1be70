import { PORTAL_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { PortalBrokerages } from '../sign-in/brokerages';
import type { PortalSessions } from '../sign-in/portal-sessions.service';
import type { PortalSignIn } from '../sign-in/portal-sign-in.service';
import type { PortalClientService } from './portal-client.service';

export interface PortalRouteDeps {
  brokerages: PortalBrokerages;
  codes: PortalSignIn;
  sessions: PortalSessions;
  clients: PortalClientService;
}

/** The portal's own doors: the page before sign-in, the code, the session, and what the client asks. */
export function portalClientRoutes(router: Router, { brokerages, codes, sessions, clients }: PortalRouteDeps): void {
  route(router, OPS.page, async ({ params }) => brokerages.page(await brokerages.open(params.brokerage)));
  route(router, OPS.logo, async ({ params, ctx }) => {
    const logo = await brokerages.logo(await brokerages.open(params.brokerage));
    ctx.type = logo.contentType;
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = logo.bytes;
    return undefined;
  });
  route(router, OPS.requestCode, async ({ params, body }) => codes.requestCode(await brokerages.open(params.brokerage), body.document));
  route(router, OPS.signIn, ({ params, body, ctx }) => sessions.signIn(ctx, params.brokerage, body));
  route(router, OPS.signOut, async ({ ctx }) => {
    await sessions.signOut(ctx);
    return undefined;
  });
  route(router, OPS.me, ({ client }) => clients.me(client));
  route(router, OPS.requestChange, ({ client, body }) => clients.requestChange(client, body));
  route(router, OPS.privacyRequest, ({ client, body }) => clients.privacy(client, body));
}
