import { ClaimInputSchema, ClaimQuerySchema, ClaimStatusSchema } from '@corretora/contracts';
import { currentUser, notFound, parseBody, parseIdParam, requireUser } from '@corretora/service-kit';
import type Router from '@koa/router';
import { CLAIM_NOT_FOUND, type ClaimsService } from './claims.service';

export function claimsRoutes(router: Router, claims: ClaimsService): void {
  const claimId = (raw: string | undefined) => parseIdParam(raw, CLAIM_NOT_FOUND);

  router.get('/api/claims', requireUser, async (ctx) => {
    ctx.body = await claims.list(currentUser(ctx).id, parseBody(ClaimQuerySchema, ctx.query).status);
  });

  router.get('/api/claims/:id', requireUser, async (ctx) => {
    const claim = await claims.byId(currentUser(ctx).id, claimId(ctx.params.id));
    if (!claim) throw notFound(CLAIM_NOT_FOUND);
    ctx.body = claim;
  });

  router.post('/api/claims', requireUser, async (ctx) => {
    ctx.status = 201;
    ctx.body = await claims.create(currentUser(ctx).id, parseBody(ClaimInputSchema, ctx.request.body));
  });

  router.patch('/api/claims/:id', requireUser, async (ctx) => {
    const id = claimId(ctx.params.id);
    ctx.body = await claims.update(currentUser(ctx).id, id, parseBody(ClaimInputSchema, ctx.request.body));
  });

  router.post('/api/claims/:id/status', requireUser, async (ctx) => {
    const id = claimId(ctx.params.id);
    ctx.body = await claims.changeStatus(currentUser(ctx).id, id, parseBody(ClaimStatusSchema, ctx.request.body).status);
  });
}
