import { FINANCE_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { AccountDataService } from './account-data.service';

/** Finance's part of Limpar Dados (the broker service asks). */
export function clearDataRoutes(router: Router, account: AccountDataService): void {
  route(router, OPS.clearData, ({ params }) => account.clear(params.userId));
}
