import { PIPELINE_OPERATIONS as OPS, TEAM_OPERATIONS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { AccountDataService } from './account-data.service';

/** The pipeline's part of Limpar Dados (the broker service asks). */
export function clearDataRoutes(router: Router, account: AccountDataService): void {
  route(router, OPS.clearData, ({ params }) => account.clear(params.userId));
}

/** A member's contacts, cards and tasks change hands (identity asks: a carteira transfer, a member disabled). */
export function responsibleRoutes(router: Router, account: AccountDataService): void {
  route(router, TEAM_OPERATIONS.pipelineTransfer, async ({ params, body }) => ({
    moved: await account.moveCarteira(params.userId, body.from, body.to),
  }));
}
