import { FINANCE_OPERATIONS as OPS } from '@corretora/contracts';
import { notFound, route } from '@corretora/service-kit';
import type Router from '@koa/router';
import { CLAIM_NOT_FOUND, type ClaimsService } from './claims.service';

export function claimsRoutes(router: Router, claims: ClaimsService): void {
  route(router, OPS.claims, ({ user, query }) => claims.list(user.id, query.status));

  route(router, OPS.claim, async ({ user, params }) => {
    const claim = await claims.byId(user.id, params.id);
    if (!claim) throw notFound(CLAIM_NOT_FOUND);
    return claim;
  });

  route(router, OPS.createClaim, ({ user, body }) => claims.create(user.id, body));
  route(router, OPS.updateClaim, ({ user, params, body }) => claims.update(user.id, params.id, body));
  route(router, OPS.changeClaimStatus, ({ user, params, body }) => claims.changeStatus(user.id, params.id, body.status));
}
