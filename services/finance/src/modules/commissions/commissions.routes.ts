import { FINANCE_OPERATIONS as OPS } from '@corretora/contracts';
import { route, sendCsv } from '@corretora/service-kit';
import { commissionsCsv } from '../policies/policy-exports';
import type Router from '@koa/router';
import type { CommissionsService } from './commissions.service';

export function commissionsRoutes(router: Router, commissions: CommissionsService): void {
  route(router, OPS.commissions, ({ user, query }) => commissions.report(user.id, query));
  route(router, OPS.commissionsSummary, ({ user, query }) => commissions.summary(user.id, query));
  route(router, OPS.commissionPolicies, ({ user, query }) => commissions.policiesPage(user.id, query));
  route(router, OPS.commissionsCsv, async ({ user, query, ctx }) =>
    sendCsv(ctx, 'comissoes.csv', commissionsCsv(await commissions.report(user.id, query))),
  );
}
