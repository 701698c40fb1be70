import { FINANCE_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { ContactOverviewService } from './contact-overview.service';

/** The pipeline's ficha asks what finance knows of one client (the internal listener only). */
export function contactOverviewRoutes(router: Router, overview: ContactOverviewService): void {
  route(router, OPS.contactOverview, ({ params }) => overview.of(params.userId, params.id));
  route(router, OPS.contactFicha, ({ params, query }) => overview.ficha(params.userId, params.id, query.until));
}
