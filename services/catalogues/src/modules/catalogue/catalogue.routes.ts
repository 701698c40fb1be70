import type { AnswerOf, CATALOGUE_OPERATIONS } from '@corretora/contracts';
import { route } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { CatalogueService } from './catalogue.service';

type CatalogueGroup = (typeof CATALOGUE_OPERATIONS)['products' | 'insurers' | 'leadSources'];

/**
 * List / create / update / remove of one catalogue of the signed-in broker: HTTP only, the work is
 * the service's (whose table is broker-scoped, so another broker's id is an id that does not
 * exist). The definition pairs each catalogue's DTO with its operations, so the answers are the
 * operations' types (said once here, for the three catalogues).
 */
export function catalogueRoutes<Row extends { id: number; name: string }, Dto>(
  router: Router,
  catalogue: CatalogueService<Row, Dto>,
): void {
  const ops: CatalogueGroup = catalogue.definition.operations;
  type Answer<Op> = Promise<AnswerOf<Op>>;
  route(router, ops.list, ({ user }) => catalogue.list(user.id) as Answer<typeof ops.list>);
  route(router, ops.create, ({ user, body }) => catalogue.create(user.id, body as Record<string, unknown>) as Answer<typeof ops.create>);
  route(
    router,
    ops.update,
    ({ user, params, body }) => catalogue.update(user.id, params.id, body as Record<string, unknown>) as Answer<typeof ops.update>,
  );
  route(router, ops.remove, ({ user, params }) => catalogue.remove(user.id, params.id));
}
