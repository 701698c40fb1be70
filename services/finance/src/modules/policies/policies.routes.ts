import { PolicyIssueSchema, PolicyQuerySchema } from '@corretora/contracts';
import { currentUser, notFound, parseBody, parseIdParam, parseUserIdParam, requireUser } from '@corretora/service-kit';
import type Router from '@koa/router';
import { POLICY_NOT_FOUND, type PoliciesService } from './policies.service';

export function policiesRoutes(router: Router, policies: PoliciesService): void {
  router.get('/api/policies', requireUser, async (ctx) => {
    ctx.body = await policies.list(currentUser(ctx).id, parseBody(PolicyQuerySchema, ctx.query));
  });

  router.get('/api/policies/:id', requireUser, async (ctx) => {
    const policy = await policies.byId(currentUser(ctx).id, parseIdParam(ctx.params.id, POLICY_NOT_FOUND));
    if (!policy) throw notFound(POLICY_NOT_FOUND);
    ctx.body = policy;
  });

  router.post('/api/policies/:id/cancel', requireUser, async (ctx) => {
    ctx.body = await policies.cancel(currentUser(ctx).id, parseIdParam(ctx.params.id, POLICY_NOT_FOUND));
  });
}

/** /internal/finance/:userId/policies: the pipeline service issues a finalized card's policy. */
export function policyIssueRoutes(router: Router, policies: PoliciesService): void {
  router.post('/finance/:userId/policies', async (ctx) => {
    ctx.body = await policies.issue(parseUserIdParam(ctx.params.userId), parseBody(PolicyIssueSchema, ctx.request.body));
  });
}
