import { FINANCE_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { SearchService } from './search.service';

/** The pipeline's top-bar search asks for policies and claims (the internal listener only). */
export function searchRoutes(router: Router, search: SearchService): void {
  route(router, OPS.search, ({ params, query }) => search.find(params.userId, query.q));
}
