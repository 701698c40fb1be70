import { CATALOGUE_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { InsurerPasswordService } from './insurer-password.service';

export function insurerPasswordRoutes(router: Router, passwords: InsurerPasswordService): void {
  route(router, OPS.revealInsurerPassword, async ({ user, params }) => ({ password: await passwords.reveal(user.id, params.id) }));
}
