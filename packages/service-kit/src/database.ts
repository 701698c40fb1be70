import { createHash } from 'node:crypto';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { knexSnakeCaseMappers } from 'objection';

// SQL `date` is a calendar date: keep it as 'YYYY-MM-DD' instead of a midnight in the server's timezone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/**
 * How the service's connections reach Postgres (DATABASE_POOL_MODE): `session` (the default) is a
 * connection of its own for as long as the pool holds it: straight to Postgres, or a pooler in
 * session mode. `transaction` is a pooler that hands each transaction (each statement outside one)
 * to whichever server connection is free, PgBouncer's `pool_mode = transaction`: nothing may then
 * live on a connection between transactions — the kit sets the audit's actor per transaction, runs
 * its prepared statements unnamed and takes its advisory locks as transaction locks.
 */
export type DatabasePoolMode = 'session' | 'transaction';

/** Where the pool mode travels: knex's config, which its transactions' clients share (makeTxClient copies it). */
interface KitKnexConfig {
  corretoraPoolMode?: DatabasePoolMode;
}

/** Whether this knex (or a transaction of it) reaches Postgres through a transaction pooler. */
export function behindTransactionPooler(db: Knex | Knex.Transaction | { config?: unknown }): boolean {
  // A knex or a transaction is a function with its client; knex's own query runner passes the client.
  const client = (typeof db === 'function' ? db.client : db) as { config?: KitKnexConfig };
  return client.config?.corretoraPoolMode === 'transaction';
}

/** One pool per service, confined to the service's own schema (public only for the kit's shared tables: sessions, account gates and limits). */
export function createKnex(
  databaseUrl: string,
  schema: string,
  migrationsDir?: string,
  options: { role?: string; poolMode?: DatabasePoolMode } = {},
): Knex {
  const { role, poolMode = 'session' } = options;
  const config: Knex.Config & KitKnexConfig = {
    corretoraPoolMode: poolMode,
    client: 'pg',
    connection: databaseUrl,
    searchPath: [schema, 'public'],
    pool: role
      ? {
          // The administrator acting as a service's role (a restore migrating for the service).
          // Three: withAdvisoryLock's holder, knex's migration lock and a migration.
          min: 0,
          max: 3,
          afterCreate: (connection: pg.Client, done: (error: Error | undefined, connection: pg.Client) => void) => {
            connection.query(`set role "${role.replace(/"/g, '""')}"`).then(
              () => done(undefined, connection),
              (error: Error) => done(error, connection),
            );
          },
        }
      : { min: 0, max: 10 },
    migrations: migrationsDir
      ? {
          directory: path.resolve(migrationsDir),
          schemaName: schema,
          tableName: 'knex_migrations',
          loadExtensions: ['.ts', '.js'],
          // Replicas starting together queue on migrateSchema's advisory lock before knex takes its
          // own lock row, so they never fail on "migration is already locked".
        }
      : undefined,
    ...knexSnakeCaseMappers(),
  };
  return knexFactory(config);
}

/**
 * Reads side by side, their values once every one has ended — a failure too, so nothing of a request
 * runs on after its answer; the first failure (in the order given) is thrown then. Each read is
 * awaited exactly once: a knex builder or `knex.raw` is a thenable that sends its statement again
 * every time it is awaited, so `await Promise.allSettled(reads)` and then `Promise.all(reads)` over
 * the same builders ran their statements twice.
 */
export async function readsSettled<const T extends readonly unknown[]>(reads: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const ended = await Promise.allSettled(reads);
  const failed = ended.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return ended.map((result) => (result as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/**
 * A statement of fixed text that every request sends (the session lookup, a compiled list), run as
 * a named prepared statement on a connection of the knex pool without knex's query runner:
 * Postgres parses and plans it once per connection instead of on every call, and knex's runner
 * (its promise chain, events and response processing) cost more Node CPU than the statement.
 * Same pool, same search path; rows come back as pg returns them (no case mapping). The text must
 * not change between calls (`$1`-style placeholders, values bound per call). Behind a transaction
 * pooler (DATABASE_POOL_MODE=transaction: PgBouncer 1.18 keeps no prepared statement per client) the
 * statement goes unnamed, parsed on each call: the measured cost is in docs/operations.md.
 */
export function preparedQuery<Row>(knex: Knex, text: string): (values: readonly unknown[]) => Promise<Row[]> {
  const run = prepared<Row & pg.QueryResultRow>(knex, text, undefined);
  return async (values) => (await run(values)).rows;
}

/**
 * `preparedQuery` with each row as an array of its values, in the order of `fields` (the column
 * names): pg then builds no object per row, for callers that build their own.
 */
export function preparedArrayQuery(
  knex: Knex,
  text: string,
): (values: readonly unknown[]) => Promise<{ fields: pg.FieldDef[]; rows: unknown[][] }> {
  return prepared<unknown[]>(knex, text, 'array');
}

/**
 * A read built with knex — a builder or `knex.raw`, scopes and all — run as `preparedQuery` runs its
 * text: a named prepared statement on a connection of `db`'s pool (a transaction's own connection
 * when `db` is one), parsed and planned by Postgres once per connection instead of on every call, and
 * without knex's runner; its rows mapped as knex maps them. On the ficha's reads (a client's policies,
 * claims, instalments…) Postgres spent 2–4 times as long on each as an unnamed statement than as a
 * prepared one: planning against the tables' many indexes. For reads only (a write goes through knex,
 * which gives it its audit actor); for a statement whose text is the same on every call (values
 * bound, never spliced: a list goes as one array, `= any(?)`, not `in (?, ?, …)`, or every new text
 * is one more statement on every connection); and for a read whose best plan does not depend on its
 * values (one client's rows, one id): after five runs Postgres may keep one generic plan for every
 * value, and Minhas tarefas' rows (a window of days, a member that may be null, a limit) took 240 ms
 * instead of 30 that way.
 */
export async function preparedRead<Row>(db: Knex | Knex.Transaction, query: Knex.QueryBuilder | Knex.Raw): Promise<Row[]> {
  const { sql, bindings } = query.toSQL().toNative();
  const { rows } = await prepared<pg.QueryResultRow>(db, sql, undefined)(bindings);
  return db.client.postProcessResponse(rows, undefined) as Row[];
}

/** Each text's statement name, worked out once (preparedRead asks on every call). */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= 2000) statementNames.clear();
    name = `corretora_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

function prepared<Row>(
  knex: Knex | Knex.Transaction,
  text: string,
  rowMode: 'array' | undefined,
): (values: readonly unknown[]) => Promise<pg.QueryResult<Row & pg.QueryResultRow>> {
  const name = behindTransactionPooler(knex) ? undefined : statementName(text);
  return (values) =>
    onConnection(knex, (connection) =>
      connection.query<Row & pg.QueryResultRow>({ ...(name ? { name } : {}), text, values: [...values], ...(rowMode ? { rowMode } : {}) }),
    );
}

/**
 * `work` on one connection of a knex pool (or a transaction's own connection: knex hands that one
 * out), with pg's own query API and no knex runner (no case mapping); the connection goes back after.
 */
export async function onConnection<T>(knex: Knex | Knex.Transaction, work: (connection: pg.PoolClient) => Promise<T>): Promise<T> {
  const connection = (await knex.client.acquireConnection()) as pg.PoolClient;
  try {
    return await work(connection);
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

/** Stable 32-bit lock id from a name, so every replica of a service takes the same lock. */
function lockId(name: string): number {
  let hash = 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/**
 * Runs `work` in a transaction that holds a Postgres advisory lock until it ends: concurrent
 * callers wait instead of racing, and the work runs on the lock's own connection (so callers
 * waiting on the lock can never starve the holder of a pool connection).
 */
/**
 * The one advisory lock of every trigger a kit module puts on a service's tables (the audit log's,
 * the account gate's) and of the audit log's own DDL. CREATE TRIGGER takes a ShareRowExclusiveLock,
 * which conflicts with itself: two replicas starting together, one putting the gate's triggers on a
 * service's tables while the other put the audit's on the same tables in another order, deadlocked
 * once (CI, 2026-11-27). Under one lock they take turns.
 */
export const TRIGGER_DDL_LOCK = 'table triggers';

export function inLockedTransaction<T>(knex: Knex, name: string, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [lockId(name)]);
    return work(trx);
  });
}

/**
 * Runs `work` while holding a Postgres advisory lock: concurrent replicas wait instead of racing.
 * The lock is a transaction's (`pg_advisory_xact_lock`), held by a transaction of its own that stays
 * open until `work` ends, whose queries run on other connections of the pool: no session state, so
 * it holds through a transaction pooler, and a lost connection lets it go with its transaction.
 */
export async function withAdvisoryLock<T>(knex: Knex, name: string, work: () => Promise<T>): Promise<T> {
  const holder = await knex.transaction();
  try {
    await holder.raw('select pg_advisory_xact_lock(?)', [lockId(name)]);
    const result = await work();
    await holder.commit();
    return result;
  } catch (error) {
    await holder.rollback().catch(() => undefined);
    throw error;
  }
}

/**
 * The shared session table: rows inserted at sign-in by identity, read by every service. An earlier
 * shape (sid, sess jsonb, expire: no user column, rewritten on every read) is replaced: its sessions
 * end and their brokers sign in again once.
 */
export async function ensureSessionsTable(knex: Knex): Promise<void> {
  await inLockedTransaction(knex, 'public.sessions', async (trx) => {
    const legacy = await trx.raw(
      "select 1 from information_schema.columns where table_schema = 'public' and table_name = 'sessions' and column_name = 'sess'",
    );
    if (legacy.rows.length > 0) await trx.raw('drop table public.sessions');
    await trx.raw(`create table if not exists public.sessions (
      sid text primary key,
      user_id uuid not null,
      email text not null,
      seen_at timestamptz not null,
      expire timestamptz not null,
      absolute_expire timestamptz not null
    )`);
    // The name the broker gave (identity's), so records say who did something in words (a timeline's author).
    await trx.raw('alter table public.sessions add column if not exists name text');
    // The member who signed in and their role (a team: user_id is the brokerage). Null on a session
    // from before teams: the brokerage's own owner.
    await trx.raw('alter table public.sessions add column if not exists member_id uuid');
    await trx.raw('alter table public.sessions add column if not exists role text');
    await trx.raw('create index if not exists sessions_member_id_idx on public.sessions (member_id)');
    await trx.raw('create index if not exists sessions_user_id_idx on public.sessions (user_id)');
    await trx.raw('create index if not exists sessions_expire_idx on public.sessions (expire)');
  });
}

export async function migrateSchema(knex: Knex, schema: string): Promise<void> {
  await withAdvisoryLock(knex, `migrations:${schema}`, async () => {
    // Only when missing: `create schema if not exists` asks for CREATE on the database even when the
    // schema is there, and a service's role owns its schema without that (database-roles.ts).
    const existing = await knex.raw<{ rows: unknown[] }>('select 1 from pg_namespace where nspname = ?', [schema]);
    if (existing.rows.length === 0) await knex.raw('create schema ??', [schema]);
    await knex.migrate.latest();
  });
}

/** Integer ids as one Postgres array literal, for `= any(?::int[])`: knex would spread a JS array into a list of placeholders. */
export function intArrayLiteral(ids: Iterable<number>): string {
  return `{${Array.from(ids, (id) => String(Math.trunc(id))).join(',')}}`;
}

/** `%text%` for LIKE/ILIKE with the user's own %, _ and \ taken literally (PostgreSQL's default escape). */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
