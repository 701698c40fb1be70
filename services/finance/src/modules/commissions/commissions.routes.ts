import { FINANCE_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { CommissionsService } from './commissions.service';

export function commissionsRoutes(router: Router, commissions: CommissionsService): void {
  route(router, OPS.commissions, ({ user, query }) => commissions.report(user.id, query));
}
