import type { Knex } from 'knex';
import { preparedArrayQuery } from './database';
import { currentMember, restrictedMember } from './member-context';
import { currentClient } from './client-session';
import { clientConditionOf, scopeOf } from './table-scopes';

/** How many times a through-condition binds the member. */
const ownedBindings = (condition: string) => (condition.match(/\?/g) ?? []).length;

/** A table or alias name as SQL text: only plain lower-case names are ever built into statements. */
function identifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain SQL name: ${name}`);
  return `"${name}"`;
}

/**
 * The scope's condition in SQL text: the broker (`user_id = ?`) and, on a table with a responsible
 * member, the member a producer is (`?::uuid is null or responsible_id = ?`: one text for everyone,
 * so a statement built once serves every role). Bind `scopeBindings(table, userId)` where it goes.
 */
function scopeCondition(table: string, prefix = ''): string {
  const broker = `${prefix}user_id = ?`;
  const scope = scopeOf(table);
  if (scope.kind === 'through') return `${broker} and (?::uuid is null or (${scope.condition(prefix)}))`;
  return scope.kind === 'member' ? `${broker} and (?::uuid is null or ${prefix}responsible_id = ?::uuid)` : broker;
}

/**
 * The member whose rows of `table` are the only ones the scope shows: a producer (or a member on
 * their own work) everywhere, and an assistant the brokerage limits on a table declared limitable.
 */
function restrictedOn(table: string): string | undefined {
  const only = restrictedMember();
  if (only) return only;
  const member = currentMember();
  const scope = scopeOf(table);
  return member?.limited && scope.kind !== 'brokerage' && scope.limitable ? member.id : undefined;
}

/** The values of a scope condition in hand-written SQL: the broker, and on a responsible table the member twice (null: every member's). */
export function scopeBindings(table: string, userId: string): Knex.Value[] {
  notForClients(table);
  const scope = scopeOf(table);
  if (scope.kind === 'brokerage') return [userId];
  const member = restrictedOn(table) ?? null;
  return [userId, member, ...Array<Knex.Value>(scope.kind === 'through' ? ownedBindings(scope.condition('')) : 1).fill(member)];
}

/** BrokerScopedTable#fromSql for a table, where no instance is at hand (statements built at load): bind scopeBindings(table, broker). */
export function scopedFromSql(table: string, alias: string): string {
  return `(select * from ${identifier(table)} where ${scopeCondition(table)}) as ${identifier(alias)}`;
}

/** BrokerScopedTable#updateSql for a table, where no instance is at hand: bind [...set, ...scopeBindings(table, broker), id, ...condition]. */
export function scopedUpdateSql(table: string, set: string, condition: string): string {
  return `update ${identifier(table)} set ${set} where ${scopeCondition(table)} and id = ? and (${condition}) returning *`;
}

/** Hand-written SQL over a table cannot add a client's condition: under a client it is refused, never run wide. */
function notForClients(table: string): void {
  if (currentClient())
    throw new Error(`${table}: a portal's client reads through of() only (the client's condition), not hand-written SQL.`);
}

/** The client's contact ids as a Postgres integer array literal (integers only: nothing else gets in). */
function contactIdsLiteral(ids: readonly number[]): string {
  return `{${ids.filter((id) => Number.isSafeInteger(id)).join(',')}}`;
}

/** Stands for the broker while a compiled read is built; never a real user id. */
const BROKER_PLACEHOLDER = '00000000-0000-4000-8000-00000000b0b0';

/**
 * A table whose rows each belong to one broker (a `user_id` column). The only way in is
 * `of(userId)`: every query it hands out is filtered by that broker and every insert stamped with
 * them, so isolation does not depend on each query remembering a where clause. Another broker's id
 * is then exactly an id that does not exist (404).
 *
 * The team rides on the same door: on a member's table (declared 'member': table-scopes.ts) a
 * producer's request (member-context.ts) sees and changes only the rows they are responsible for
 * (another member's is a 404 too), and an insert names the acting member responsible unless the
 * values say who. A table whose rows are a member's through other rows (declared 'through') is narrowed
 * the same way by its condition.
 */
export class BrokerScopedTable {
  constructor(
    private readonly knex: Knex,
    readonly table: string,
  ) {}

  of(userId: string, trx: Knex | Knex.Transaction = this.knex) {
    const { table } = this;
    const scope = scopeOf(table);
    const responsible = scope.kind === 'member';
    const owned = scope.kind === 'through' ? scope.condition('') : undefined;
    const only = responsible || owned ? restrictedOn(table) : undefined;
    const acting = responsible ? currentMember()?.id : undefined;
    const client = currentClient();
    const clientCondition = client ? clientConditionOf(table)('') : undefined;
    const rows = () => {
      // A portal's client: the brokerage's rows that are theirs (declared per table), nothing else.
      if (client && clientCondition)
        return trx(table)
          .where({ userId })
          .andWhereRaw(`(${clientCondition})`, Array<string>(ownedBindings(clientCondition)).fill(contactIdsLiteral(client.contactIds)));
      if (!only) return trx(table).where({ userId });
      if (owned)
        return trx(table)
          .where({ userId })
          .andWhereRaw(`(${owned})`, Array<string>(ownedBindings(owned)).fill(only));
      return trx(table).where({ userId, responsibleId: only });
    };
    /** The broker on every row, and the acting member as responsible unless the values name one. */
    const stamp = (values: Record<string, unknown>) => ({ ...(acting ? { responsibleId: acting } : {}), ...values, userId });
    return {
      /** The broker's rows, for any further where/select/order. */
      rows,
      byId: (id: number) => rows().andWhere({ id }),
      insert: (values: Record<string, unknown>) => trx(table).insert(stamp(values)).returning('*'),
      /** Many rows in one statement, each stamped as insert stamps one (none: no statement). */
      insertMany: async (many: readonly Record<string, unknown>[]): Promise<Record<string, unknown>[]> =>
        many.length === 0 ? [] : trx(table).insert(many.map(stamp)).returning('*'),
      update: (id: number, changes: Record<string, unknown>) => rows().andWhere({ id }).update(changes).returning('*'),
      remove: (id: number) => rows().andWhere({ id }).delete(),
      /**
       * The broker's rows as a derived table for hand-written SQL: `knex.raw('select … from ? …',
       * [policies.of(user).from('p'), …])`. A statement that reads the table only through it cannot
       * see another broker's rows; Postgres inlines it (the same plan as a where clause).
       */
      from: (alias: string) => trx.raw(this.fromSql(alias), scopeBindings(table, userId)),
      /**
       * An `update … from …` over the broker's rows only: `update "<table>" as <alias> set <set>
       * [from <from>] where <alias>.user_id = <broker> and (<where>)`. The broker's condition is the
       * kit's, so a statement that joins other rows (a jsonb batch, another scoped table) cannot
       * reach another broker's. Bindings in the order the parts appear.
       */
      updateFrom: (
        alias: string,
        parts: { set: string; from?: string; where: string },
        bindings: { set?: readonly Knex.Value[]; from?: readonly Knex.Value[]; where?: readonly Knex.Value[] } = {},
      ) =>
        trx.raw(
          `update ${identifier(table)} as ${identifier(alias)} set ${parts.set}${parts.from ? ` from ${parts.from}` : ''}
            where ${scopeCondition(table, `${identifier(alias)}.`)} and (${parts.where})`,
          [...(bindings.set ?? []), ...(bindings.from ?? []), ...scopeBindings(table, userId), ...(bindings.where ?? [])],
        ),
    };
  }

  /**
   * The text of `of(userId).from(alias)`, for a statement whose text is fixed and built once (a hot
   * read): bind `scopeBindings(table, broker)` where the text goes.
   */
  fromSql(alias: string): string {
    return scopedFromSql(this.table, alias);
  }

  /**
   * The text of a one-statement update of one of the broker's rows, for a CTE that answers in the
   * same statement (`with c as (<this>) select …`): `set` and `condition` are SQL over the row;
   * bind [...set's values, ...scopeBindings(table, broker), id, ...condition's values].
   */
  updateSql(set: string, condition: string): string {
    return scopedUpdateSql(this.table, set, condition);
  }

  /**
   * A read of the broker's rows whose SQL knex builds once instead of on every call: on a hot list
   * the builder's compile step costs more Node CPU than running the statement (a micro-bench of the
   * 50-row product list: builder 120–147 µs, the same SQL raw 83–98 µs), and it runs as a prepared
   * statement on the pool without knex's runner (`preparedArrayQuery`). `build` gets the broker's
   * rows, as `of(userId).rows()`, and adds only fixed parts (columns, order, constant filters);
   * the broker is bound on each call, so the read stays scoped the same way. Rows come back mapped
   * as the builder's would (snake_case columns to camelCase keys), from pg's array rows.
   */
  compiledRead<Row>(build: (rows: Knex.QueryBuilder) => Knex.QueryBuilder): (userId: string) => Promise<Row[]> {
    // Its text is built once, with no member: a table a producer sees only part of is read through of().
    if (scopeOf(this.table).kind !== 'brokerage')
      throw new Error(`${this.table} has a responsible member: read it through of(), not a compiled read.`);
    const { sql, bindings } = build(this.of(BROKER_PLACEHOLDER).rows()).toSQL().toNative();
    const brokerAt = bindings.flatMap((value, index) => (value === BROKER_PLACEHOLDER ? [index] : []));
    if (brokerAt.length === 0) throw new Error(`A compiled read of ${this.table} must filter by the broker.`);
    const run = preparedArrayQuery(this.knex, sql);
    // The rows' keys as the builder would map the columns (snake_case to camelCase), worked out
    // once: the statement's columns never change, and mapping every key of every row cost as much
    // Node CPU as writing the list's JSON (a micro-bench of the 50-row list: 15-25 us a call).
    let keys: string[] | undefined;
    return async (userId) => {
      notForClients(this.table);
      const bound = [...bindings];
      for (const index of brokerAt) bound[index] = userId;
      const { fields, rows } = await run(bound);
      if (keys?.length !== fields.length) keys = this.keysOf(fields);
      const names = keys;
      return rows.map((values) => {
        const row: Record<string, unknown> = {};
        for (let index = 0; index < names.length; index += 1) row[names[index]!] = values[index];
        return row as Row;
      });
    };
  }

  private keysOf(fields: readonly { name: string }[]): string[] {
    const names = fields.map((field) => field.name);
    const mapped = this.knex.client.postProcessResponse(Object.fromEntries(names.map((name) => [name, null])), undefined) as Record<
      string,
      unknown
    >;
    const keys = Object.keys(mapped);
    if (keys.length !== names.length)
      throw new Error(`A compiled read of ${this.table} returns two columns under one name: ${names.join(', ')}.`);
    return keys;
  }

  /** The next id of the table's sequence, for values that must be bound to their row before the insert. */
  async nextId(): Promise<number> {
    const { rows } = await this.knex.raw<{ rows: { id: string }[] }>('select nextval(pg_get_serial_sequence(?, ?)) as id', [
      this.table,
      'id',
    ]);
    return Number(rows[0]!.id);
  }
}

/**
 * A carteira changes hands: every row of `tables` the member `from` is responsible for becomes
 * `to`'s, in one transaction (a member disabled, or an owner's reassignment). Answers how many moved.
 */
export async function moveResponsible(knex: Knex, userId: string, tables: readonly string[], from: string, to: string): Promise<number> {
  return knex.transaction(async (trx) => {
    let moved = 0;
    for (const table of tables) {
      if (scopeOf(table).kind !== 'member') throw new Error(`${table} has no responsible member.`);
      moved += await new BrokerScopedTable(trx, table).of(userId, trx).rows().where({ responsibleId: from }).update({ responsibleId: to });
    }
    return moved;
  });
}
