import { CATALOGUE_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';

/**
 * Catalogues' part of Limpar Dados: products, insurers (their portal passwords with them), lead
 * sources and stages back to the defaults (`resetToDefaults`). The broker service calls it last,
 * once no card points at the old stages.
 */
export function clearDataRoutes(router: Router, reset: (userId: string) => Promise<void>): void {
  route(router, OPS.clearData, ({ params }) => reset(params.userId));
}
