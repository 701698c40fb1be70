import { CATALOGUE_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { StageLimitsService } from './stage-limits.service';

export function stageLimitsRoutes(router: Router, limits: StageLimitsService): void {
  route(router, OPS.setStageIdleLimits, ({ user, body }) => limits.set(user.id, body));
}
