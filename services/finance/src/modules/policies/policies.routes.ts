import { FINANCE_OPERATIONS as OPS } from '@corretora/contracts';
import { notFound, route } from '@corretora/service-kit';
import type Router from '@koa/router';
import { POLICY_NOT_FOUND, type PoliciesService } from './policies.service';

export function policiesRoutes(router: Router, policies: PoliciesService): void {
  route(router, OPS.policies, ({ user, query }) => policies.list(user.id, query));

  route(router, OPS.policy, async ({ user, params }) => {
    const policy = await policies.byId(user.id, params.id);
    if (!policy) throw notFound(POLICY_NOT_FOUND);
    return policy;
  });

  route(router, OPS.cancelPolicy, ({ user, params }) => policies.cancel(user.id, params.id));
}

/** The pipeline service issues a finalized card's policy. */
export function policyIssueRoutes(router: Router, policies: PoliciesService): void {
  route(router, OPS.issuePolicy, ({ params, body }) => policies.issue(params.userId, body));
}
