import { FINANCE_OPERATIONS as OPS, TEAM_OPERATIONS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { AccountDataService } from './account-data.service';
import type { ContactMoveService } from './contact-move.service';

/** Finance's part of Limpar Dados (the broker service asks). */
export function clearDataRoutes(router: Router, account: AccountDataService): void {
  route(router, OPS.clearData, ({ params }) => account.clear(params.userId));
}

/** The pipeline merges two contacts: their finance records follow. */
export function contactMoveRoutes(router: Router, contacts: ContactMoveService): void {
  route(router, OPS.moveContact, ({ params, body }) => contacts.move(params.userId, params.id, body.into));
}

/**
 * Policies, renewals, claims and documents change hands: a member's (identity asks: a carteira
 * transfer, a member disabled) or one client's (the pipeline asks: the ficha's Responsável).
 */
export function responsibleRoutes(router: Router, account: AccountDataService): void {
  route(router, TEAM_OPERATIONS.financeTransfer, async ({ params, body }) => ({
    moved: await account.moveCarteira(params.userId, body.from, body.to),
  }));
  route(router, TEAM_OPERATIONS.financeClientTransfer, async ({ params, body }) => ({
    moved: await account.moveClient(params.userId, params.contactId, body.to),
  }));
}
