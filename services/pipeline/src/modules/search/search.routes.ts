import { RELATIONSHIP_OPERATIONS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { SearchService } from './search.service';

/** The top bar's search box. */
export function searchRoutes(router: Router, search: SearchService): void {
  route(router, RELATIONSHIP_OPERATIONS.search, ({ user, query }) => search.find(user.id, query.q));
}
