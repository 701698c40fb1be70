import { currentUser, parseIdParam, requireUser } from '@corretora/service-kit';
import type Router from '@koa/router';
import { ITEM_NOT_FOUND } from '../catalogue/catalogue-definitions';
import type { InsurerPasswordService } from './insurer-password.service';

export function insurerPasswordRoutes(router: Router, passwords: InsurerPasswordService): void {
  router.post('/api/insurers/:id/reveal-password', requireUser, async (ctx) => {
    ctx.body = { password: await passwords.reveal(currentUser(ctx).id, parseIdParam(ctx.params.id, ITEM_NOT_FOUND)) };
  });
}
