import { PIPELINE_OPERATIONS as OPS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { PipelineStatsService } from './stats.service';

/** The pipeline's share of the dashboard (the broker service asks). */
export function statsRoutes(router: Router, stats: PipelineStatsService): void {
  route(router, OPS.stats, ({ params }) => stats.figures(params.userId));
}

/**
 * The finance service checks that a claim's or a document's contact and card are the broker's
 * (another broker's or an unknown id is a 404), and finds a statement line's client by CPF/CNPJ.
 */
export function referenceLookupRoutes(router: Router, stats: PipelineStatsService): void {
  route(router, OPS.contactRef, ({ params }) => stats.contact(params.userId, params.id));
  route(router, OPS.cardRef, ({ params }) => stats.card(params.userId, params.id));
  route(router, OPS.contactsByDocument, ({ params, body }) => stats.byDocument(params.userId, body.documents));
}
