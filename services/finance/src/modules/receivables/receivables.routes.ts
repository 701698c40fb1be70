import { FINANCE_OPERATIONS as OPS } from '@corretora/contracts';
import { route, sendCsv } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { ReceivableSettingsService } from '../policies/receivable-settings.service';
import type { ReceivablesService } from './receivables.service';
import type { StatementsService } from './statements.service';

export function receivablesRoutes(
  router: Router,
  receivables: ReceivablesService,
  settings: ReceivableSettingsService,
  statements: StatementsService,
): void {
  // The screen's figures and an insurer's page: registered before anything under /api/receivables/:id.
  route(router, OPS.receivablesSummary, ({ user, query }) => receivables.summary(user.id, query));
  route(router, OPS.receivableInstalments, ({ user, query }) => receivables.instalmentsPage(user.id, query));
  route(router, OPS.receivables, ({ user, query }) => receivables.report(user.id, query));
  route(router, OPS.receivablesCsv, async ({ user, query, ctx }) => {
    const csv = await receivables.csv(user.id, query);
    return sendCsv(ctx, csv.fileName, csv.body);
  });
  route(router, OPS.receivableSettings, ({ user }) => settings.answer(user.id));
  route(router, OPS.setReceivableSettings, ({ user, body }) => settings.set(user.id, body));
  route(router, OPS.matchStatementLine, ({ user, params, body }) => statements.matchByHand(user.id, params.id, body));
  route(router, OPS.unmatchStatementLine, ({ user, params, body }) => statements.unmatch(user.id, params.id, body));
}
