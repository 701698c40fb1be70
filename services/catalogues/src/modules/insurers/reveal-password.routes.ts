import { HttpError, currentUser, parseIdParam, requireUser } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { ITEM_NOT_FOUND } from '../catalogue/catalogue-routes';
import type { InsurerRow } from '../catalogue/catalogues';
import { insurerPasswordContext, type PasswordBox } from './password-box';

/** The only way to read a portal password: an explicit request for one insurer of the signed-in broker. */
export function revealPasswordRoutes(router: Router, knex: Knex, box: PasswordBox): void {
  router.post('/api/insurers/:id/reveal-password', requireUser, async (ctx) => {
    const id = parseIdParam(ctx.params.id, ITEM_NOT_FOUND);
    const userId = currentUser(ctx).id;
    const row = (await knex('insurers').where({ id, userId }).first()) as InsurerRow | undefined;
    if (!row) throw new HttpError(404, ITEM_NOT_FOUND);
    ctx.body = { password: row.passwordSealed ? box.open(row.passwordSealed, insurerPasswordContext({ userId, id })) : null };
  });
}
