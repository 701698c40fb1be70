import { currentUser, parseBody, parseIdParam, requireUser } from '@corretora/service-kit';
import type Router from '@koa/router';
import { ITEM_NOT_FOUND } from './catalogue-definitions';
import type { CatalogueService } from './catalogue.service';

/**
 * GET list / POST / PATCH / DELETE for one catalogue of the signed-in broker: HTTP only, the work is
 * the service's (whose table is broker-scoped, so another broker's id is an id that does not exist).
 */
export function catalogueRoutes<Row extends { id: number; name: string }, Dto>(router: Router, catalogue: CatalogueService<Row, Dto>): void {
  const { definition } = catalogue;
  const { path } = definition;

  router.get(path, requireUser, async (ctx) => {
    ctx.body = await catalogue.list(currentUser(ctx).id);
  });

  router.post(path, requireUser, async (ctx) => {
    const input = parseBody(definition.createSchema, ctx.request.body) as Record<string, unknown>;
    ctx.status = 201;
    ctx.body = await catalogue.create(currentUser(ctx).id, input);
  });

  router.patch(`${path}/:id`, requireUser, async (ctx) => {
    const id = parseIdParam(ctx.params.id, ITEM_NOT_FOUND);
    const input = parseBody(definition.updateSchema, ctx.request.body) as Record<string, unknown>;
    ctx.body = await catalogue.update(currentUser(ctx).id, id, input);
  });

  router.delete(`${path}/:id`, requireUser, async (ctx) => {
    await catalogue.remove(currentUser(ctx).id, parseIdParam(ctx.params.id, ITEM_NOT_FOUND));
    ctx.status = 204;
  });
}
