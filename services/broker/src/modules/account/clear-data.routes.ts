import { BROKER_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { ClearDataService } from './clear-data.service';

/** 'Limpar Dados' (the user menu): see ClearDataService. */
export function clearDataRoutes(router: Router, clearData: ClearDataService): void {
  route(router, OPS.clearData, ({ user }) => clearData.clear(user.id));
}
