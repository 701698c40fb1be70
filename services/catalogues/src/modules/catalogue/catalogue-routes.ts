import { HttpError, currentUser, parseBody, parseIdParam, requireUser } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { Knex } from 'knex';
import type * as v from 'valibot';
import { ensureDefaults } from '../defaults/default-catalogues';

export const ITEM_NOT_FOUND = 'Item não encontrado.';

/** Lists sorted by name as a Brazilian reader expects (the pt_br_natural collation of the migrations). */
export const BY_NAME = 'name collate pt_br_natural, name, id';

/** The row a write goes to: its owner and id (taken from the sequence before an insert). */
export interface RowTarget {
  userId: string;
  id: number;
}

export interface CatalogueDefinition<Row, Dto> {
  path: string;
  table: string;
  /** The answer to a second item with the same name (the <table>_user_name_unique index, mapped by the kit). */
  duplicateMessage: string;
  createSchema: v.GenericSchema;
  updateSchema: v.GenericSchema;
  /** What a list reads: the columns toDto needs, nothing more (no timestamps to parse). */
  columns: readonly string[];
  /** Turns a validated body into the columns of row `target` (e.g. seals the insurer password, bound to it). */
  toColumns: (input: Record<string, unknown>, target: RowTarget) => Record<string, unknown>;
  toDto: (row: Row) => Dto;
}


/**
 * GET list / POST / PATCH / DELETE for one catalogue of the signed-in broker. Every query is scoped
 * by user_id, so another broker's id is exactly an id that does not exist: 404, nothing changed.
 */
export function catalogueRoutes<Row extends { id: number; name: string }, Dto>(router: Router, knex: Knex, definition: CatalogueDefinition<Row, Dto>): void {
  const { path, table } = definition;
  const scoped = (userId: string) => knex<Row>(table).where({ userId } as never);

  router.get(path, requireUser, async (ctx) => {
    const userId = currentUser(ctx).id;
    // One statement in the usual case: the defaults are looked for only when the list is empty.
    const list = async () => (await scoped(userId).select(definition.columns).orderByRaw(BY_NAME)) as Row[];
    let rows = await list();
    if (rows.length === 0 && (await ensureDefaults(knex, userId))) rows = await list();
    ctx.body = rows.map(definition.toDto);
  });

  router.post(path, requireUser, async (ctx) => {
    const userId = currentUser(ctx).id;
    const input = parseBody(definition.createSchema, ctx.request.body) as Record<string, unknown>;
    await ensureDefaults(knex, userId);
    const { rows } = await knex.raw<{ rows: { id: string }[] }>('select nextval(pg_get_serial_sequence(?, ?)) as id', [table, 'id']);
    const id = Number(rows[0]!.id);
    const [row] = await knex(table).insert({ ...definition.toColumns(input, { userId, id }), id, userId }).returning('*');
    ctx.status = 201;
    ctx.body = definition.toDto(row as Row);
  });

  router.patch(`${path}/:id`, requireUser, async (ctx) => {
    const userId = currentUser(ctx).id;
    const id = parseIdParam(ctx.params.id, ITEM_NOT_FOUND);
    const input = parseBody(definition.updateSchema, ctx.request.body) as Record<string, unknown>;
    const changes = Object.fromEntries(Object.entries(definition.toColumns(input, { userId, id })).filter(([, value]) => value !== undefined));
    const [row] = await knex(table).where({ id, userId }).update({ ...changes, updatedAt: knex.fn.now() }).returning('*');
    if (!row) throw new HttpError(404, ITEM_NOT_FOUND);
    ctx.body = definition.toDto(row as Row);
  });

  router.delete(`${path}/:id`, requireUser, async (ctx) => {
    const userId = currentUser(ctx).id;
    const id = parseIdParam(ctx.params.id, ITEM_NOT_FOUND);
    const deleted = await knex(table).where({ id, userId }).delete();
    if (deleted === 0) throw new HttpError(404, ITEM_NOT_FOUND);
    ctx.status = 204;
  });
}
