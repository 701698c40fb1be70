import { FINANCE_OPERATIONS as OPS } from '@corretora/contracts';
import type { ReferenceData } from '@corretora/contracts';
import { assertResponsible, notFound, route, seesMoney, sendCsv, teamOrNobody, type InternalClient } from '@corretora/service-kit';
import type Router from '@koa/router';
import { POLICY_NOT_FOUND, type PoliciesService } from './policies.service';
import { policiesCsv } from './policy-exports';
import type { PolicyImportService } from './policy-import.service';

export function policiesRoutes(
  router: Router,
  policies: PoliciesService,
  insurerNames: (userId: string) => Promise<ReferenceData['insurers']>,
  /** Identity's /internal listener: who may be given a policy. */
  identity: InternalClient | null,
): void {
  route(router, OPS.policies, ({ user, query }) => policies.list(user.id, query));
  // Before /api/policies/:id, which would take 'page' for an id.
  route(router, OPS.policyPage, ({ user, query }) => policies.page(user.id, query));
  route(router, OPS.policiesCsv, async ({ user, query, ctx }) => {
    const [list, insurers, team] = await Promise.all([
      policies.list(user.id, query),
      insurerNames(user.id),
      teamOrNobody(identity, user.id),
      policies.exported(user.id),
    ]);
    const names = new Map(team.map((member) => [member.id, member.name]));
    // A role without money gets the list without its commission columns, as the API answers it.
    return sendCsv(
      ctx,
      'apolices.csv',
      policiesCsv(list, insurers, (id) => names.get(id) ?? '', seesMoney(user.role)),
    );
  });

  route(router, OPS.policy, async ({ user, params }) => {
    const policy = await policies.detail(user.id, params.id);
    if (!policy) throw notFound(POLICY_NOT_FOUND);
    return policy;
  });

  route(router, OPS.cancelPolicy, ({ user, params }) => policies.cancel(user.id, params.id));
  route(router, OPS.updatePolicy, async ({ user, params, body }) => {
    // Another brokerage's policy is a 404 before its members are asked about.
    if ((body.responsibleId !== undefined || body.participants !== undefined) && !(await policies.byId(user.id, params.id)))
      throw notFound(POLICY_NOT_FOUND);
    if (body.responsibleId !== undefined) await assertResponsible(identity, user.id, body.responsibleId);
    // Every member sharing the commission is an active member of the brokerage.
    for (const [index, participant] of (body.participants ?? []).entries())
      if (participant.memberId) await assertResponsible(identity, user.id, participant.memberId, `participants.${index}.memberId`);
    return policies.updateNumbers(user.id, params.id, body);
  });
}

/** The pipeline service issues a finalized card's policy, runs policy imports and fills messages with a contact's policies. */
export function policyIssueRoutes(
  router: Router,
  policies: PoliciesService,
  imports: PolicyImportService,
  closing: { assertClosable(userId: string, cardId: number): Promise<unknown> },
): void {
  // A deal's policy: where the brokerage requires it, only once its client got the CNSP 382 disclosure.
  route(router, OPS.issuePolicy, async ({ params, body }) => {
    await closing.assertClosable(params.userId, body.cardId);
    return policies.issue(params.userId, body);
  });
  route(router, OPS.policyHolders, ({ params }) => imports.holders(params.userId));
  route(router, OPS.setPolicyLines, ({ params, body }) => imports.setLines(params.userId, body));
  route(router, OPS.contactPolicies, ({ params }) => policies.ofContact(params.userId, params.id));
  route(router, OPS.policyNumberTasks, ({ params, query }) => policies.numberTasks(params.userId, query.until, query.contactId));
  route(router, OPS.policyNumberTaskSnooze, ({ params, body }) => policies.numberTaskSnooze(params.userId, params.id, body.until));
}
