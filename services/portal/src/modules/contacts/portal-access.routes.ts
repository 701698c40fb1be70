import { PORTAL_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { PortalAccessService } from './portal-access.service';

export function portalAccessRoutes(router: Router, access: PortalAccessService): void {
  route(router, OPS.access, ({ user, params }) => access.get(user.id, params.id));
  route(router, OPS.invite, ({ user, params, body }) => access.invite(user.id, params.id, body));
}
