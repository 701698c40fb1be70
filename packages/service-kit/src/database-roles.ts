import knexFactory, { type Knex } from 'knex';
import { ACCOUNT_GATES_TABLE, ensureAccountGate } from './account-gate';
import { AUDIT_TABLE, ensureAuditLog } from './audit';
import PgBoss from 'pg-boss';
import { ensureSessionsTable, onConnection, withAdvisoryLock } from './database';
import { jobsSchemaOf } from './jobs';
import { ACCOUNT_RATE_LIMITS_TABLE, ensureRateLimitTable } from './rate-limit';
import { SESSIONS_TABLE } from './session';
import { CLIENT_SESSIONS_TABLE, ensureClientSessionsTable } from './client-session';
import { SHARD_LOCAL, SHARD_REFERENCE, markNotDistributed } from './shard-ready';

/**
 * Database roles: each service connects as its own login role, which owns its schema (and so runs
 * its migrations) and nothing else: no superuser, no CREATEDB/CREATEROLE, no CREATE on the database
 * or on `public`, no access to another service's schema. The kit's shared tables in `public`
 * (sessions, account gates and counters) are created here, by the database's administrator, and
 * each role may only read and write their rows.
 *
 * Run once per deployment and again after an upgrade (idempotent): compose's one-shot `db-init`,
 * and the embedded default's stack before it starts the services.
 */
export interface ServiceRole {
  /** The service's schema (its name). */
  schema: string;
  password: string;
}

/** The login role of a service's schema. */
export function roleOf(schema: string): string {
  return `corretora_${schema}`;
}

/** The variable that holds a service's database password (compose gives it to db-init and to the service). */
export function databasePasswordVariable(schema: string): string {
  return `${schema.toUpperCase()}_DB_PASSWORD`;
}

/** Where the kit keeps what every service shares. */
export const SHARED_TABLES = [SESSIONS_TABLE, CLIENT_SESSIONS_TABLE, ACCOUNT_GATES_TABLE, ACCOUNT_RATE_LIMITS_TABLE] as const;

const NAME = /^[a-z][a-z0-9_]{0,40}$/;

/** The connection string of a service: the administrator's host and database, the service's role. */
export function serviceDatabaseUrl(adminUrl: string, role: ServiceRole): string {
  const url = new URL(adminUrl);
  url.username = roleOf(role.schema);
  url.password = role.password;
  return url.toString();
}

export interface PrepareOptions {
  /**
   * A role that exists keeps its password (a new one gets the one given). Roles belong to the cluster:
   * a check that builds a copy of the schemas beside running services (the shard-ready test, on the
   * cluster the journeys' stack runs on) must not change the passwords those services log in with.
   */
  keepPasswords?: boolean;
}

export async function prepareDatabase(adminUrl: string, roles: readonly ServiceRole[], options: PrepareOptions = {}): Promise<void> {
  for (const { schema, password } of roles) {
    if (!NAME.test(schema)) throw new Error(`not a schema name: ${schema}`);
    // It goes into a connection URL as it is (compose writes the URL from the variable).
    if (!/^[A-Za-z0-9_-]{16,}$/.test(password)) {
      throw new Error(`the database password of ${schema} must have at least 16 characters, each a letter, a digit, '-' or '_'`);
    }
  }
  const knex = knexFactory({ client: 'pg', connection: adminUrl, pool: { min: 0, max: 2 } });
  try {
    await withAdvisoryLock(knex, 'prepare-database', () => prepare(knex, roles, options));
  } finally {
    await knex.destroy();
  }
}

async function prepare(knex: Knex, roles: readonly ServiceRole[], options: PrepareOptions): Promise<void> {
  const { rows } = await knex.raw<{ rows: { database: string }[] }>('select current_database() as database');
  const database = rows[0]!.database;
  // Only what is granted below: nobody creates in public, and connecting is by grant.
  await knex.raw('revoke create on schema public from public');
  await knex.raw('revoke all on database ?? from public', [database]);

  await ensureSharedTables(knex);

  for (const { schema, password } of roles) {
    const role = roleOf(schema);
    const exists = await knex.raw<{ rows: unknown[] }>('select 1 from pg_roles where rolname = ?', [role]);
    const attributes = 'login nosuperuser nocreatedb nocreaterole noreplication nobypassrls inherit';
    // The password is a literal in DDL (no parameters there): quoted by Postgres' own quote_literal.
    const quoted = (await knex.raw<{ rows: { literal: string }[] }>('select quote_literal(?) as literal', [password])).rows[0]!.literal;
    const keep = exists.rows.length > 0 && options.keepPasswords === true;
    await knex.raw(`${exists.rows.length > 0 ? 'alter' : 'create'} role ?? with ${attributes}${keep ? '' : ` password ${quoted}`}`, [role]);
    await knex.raw('grant connect, temporary on database ?? to ??', [database, role]);
    await knex.raw('create schema if not exists ?? authorization ??', [schema, role]);
    await knex.raw('alter schema ?? owner to ??', [schema, role]);
    // Every connection of the role starts in its schema: behind a transaction pooler the `set
    // search_path` knex sends on a new client connection reaches one server connection only.
    await knex.raw(`alter role ?? set search_path = ${literal(schema)}, public`, [role]);
    await installJobsSchema(knex, jobsSchemaOf(schema), role);
    // A deployment from before the roles: its tables were created by the administrator.
    await giveSchemaTo(knex, schema, role);
    for (const table of SHARED_TABLES) await knex.raw(`grant select, insert, update, delete on ${table} to ??`, [role]);
    // The audit log: read and appended to, never changed (its trigger refuses it for anyone).
    await knex.raw(`grant select, insert on ${AUDIT_TABLE} to ??`, [role]);
    await knex.raw(`grant usage on sequence ${AUDIT_TABLE}_id_seq to ??`, [role]);
  }
}

/**
 * The service's job layer (jobs.ts: pg-boss in `<schema>_jobs`), installed by the administrator: pg-boss
 * creates its schema itself, which needs CREATE on the database that a service's role never has.
 * Everything in it then belongs to the role, which creates each queue's table as it starts.
 */
async function installJobsSchema(knex: Knex, jobs: string, role: string): Promise<void> {
  await knex.raw('create schema if not exists ?? authorization ??', [jobs, role]);
  await knex.raw('alter schema ?? owner to ??', [jobs, role]);
  const { rows } = await knex.raw<{ rows: { installed: boolean }[] }>('select to_regclass(?) is not null as installed', [
    `${jobs}.version`,
  ]);
  if (!rows[0]!.installed) await onConnection(knex, (connection) => connection.query(PgBoss.getConstructionPlans(jobs)));
  await giveSchemaTo(knex, jobs, role);
}

/** Every table, routine and type of the schema owned by the role (what the administrator created there). */
async function giveSchemaTo(knex: Knex, schema: string, role: string): Promise<void> {
  await knex.raw(
    `do $$ declare item record; begin
      for item in select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = ${literal(schema)} and c.relkind in ('r', 'p', 'v', 'm', 'f')
            and pg_get_userbyid(c.relowner) <> ${literal(role)} loop
        execute format('alter table %I.%I owner to %I', ${literal(schema)}, item.relname, ${literal(role)});
      end loop;
      for item in select p.oid::regprocedure as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = ${literal(schema)} and pg_get_userbyid(p.proowner) <> ${literal(role)} loop
        execute format('alter routine %s owner to %I', item.signature, ${literal(role)});
      end loop;
      for item in select t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
          where n.nspname = ${literal(schema)} and t.typtype = 'e' and pg_get_userbyid(t.typowner) <> ${literal(role)} loop
        execute format('alter type %I.%I owner to %I', ${literal(schema)}, item.typname, ${literal(role)});
      end loop;
    end $$`,
  );
}

/** Names checked against NAME above: safe inside a literal. */
function literal(name: string): string {
  return `'${name.replace(/'/g, "''")}'`;
}

/**
 * The extensions services index with, which only the administrator may create: pg_trgm, whose GIN
 * indexes answer the top bar's search (a part of a name or of a number) without reading every row.
 */
export const SHARED_EXTENSIONS = ['pg_trgm'] as const;

/**
 * pg_trgm's GIN operator class, qualified by the schema the extension lives in (a service's
 * search_path is its own schema): `create index … using gin (column ${'$'}{opclass})`.
 */
export async function trigramOpclass(knex: Knex): Promise<string> {
  const { rows } = await knex.raw<{ rows: { schema: string }[] }>(
    "select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'",
  );
  if (!rows[0]) throw new Error('the extension pg_trgm is missing: prepare the database first (compose: the db-init service)');
  return `"${rows[0].schema.replace(/"/g, '""')}".gin_trgm_ops`;
}

/** The kit's tables and extensions in public (idempotent): by the administrator, or by a service connected as a superuser. */
export async function ensureSharedTables(knex: Knex): Promise<void> {
  for (const extension of SHARED_EXTENSIONS) {
    try {
      await knex.raw('create extension if not exists ?? with schema public', [extension]);
    } catch (error) {
      // Services starting together race on the catalogue: the one that lost finds it there.
      const { rows } = await knex.raw<{ rows: unknown[] }>('select 1 from pg_extension where extname = ?', [extension]);
      if (rows.length === 0) throw error;
    }
  }
  await ensureSessionsTable(knex);
  await ensureClientSessionsTable(knex);
  await ensureAccountGate(knex);
  await ensureRateLimitTable(knex, ACCOUNT_RATE_LIMITS_TABLE);
  await ensureAuditLog(knex);
  // What a sharded database does with each (shard-ready.ts): the sessions are found by their id before
  // the brokerage is known; the counters hold no brokerage's rows.
  await markNotDistributed(
    knex,
    SESSIONS_TABLE,
    SHARD_REFERENCE,
    "a member's session, found by its id on every request before the brokerage is known",
  );
  await markNotDistributed(
    knex,
    CLIENT_SESSIONS_TABLE,
    SHARD_REFERENCE,
    "a portal client's session, found by its id before the brokerage is known",
  );
  await markNotDistributed(knex, ACCOUNT_RATE_LIMITS_TABLE, SHARD_LOCAL, 'request counters per key for a minute; no brokerage records');
}

/** Whether the connection may create the kit's shared tables itself (a superuser: tests, a single-role setup). */
/**
 * Behind a transaction pooler a service's statements run on server connections that its own `set
 * search_path` may never have reached: they must start in its schema, which the role's own setting
 * (prepareDatabase, compose's db-init) makes sure of. A service without it does not start.
 */
export async function requireOwnSearchPath(knex: Knex, schema: string): Promise<void> {
  const { rows } = await knex.raw<{ rows: { settings: string[] | null }[] }>(
    'select rolconfig as settings from pg_roles where rolname = current_user',
  );
  const searchPath = (rows[0]?.settings ?? []).find((setting) => setting.startsWith('search_path='));
  const first = searchPath?.slice('search_path='.length).split(',')[0]?.trim().replace(/^"|"$/g, '');
  if (first !== schema) {
    throw new Error(
      `DATABASE_POOL_MODE=transaction: the database role of ${schema} must have its own search_path (${schema}, public); run db-init (compose's db-init, or npm start's stack) to set it`,
    );
  }
}

export async function maySetUpSharedTables(knex: Knex): Promise<boolean> {
  const { rows } = await knex.raw<{ rows: { allowed: boolean }[] }>("select has_schema_privilege('public', 'CREATE') as allowed");
  return rows[0]!.allowed;
}

/** A role without that privilege needs them prepared (prepareDatabase); says how when they are not. */
export async function requireSharedTables(knex: Knex): Promise<void> {
  const missing: string[] = [];
  for (const table of SHARED_TABLES) {
    const { rows } = await knex.raw<{ rows: { usable: boolean | null }[] }>(
      "select case when to_regclass(?) is null then false else has_table_privilege(?, 'select, insert, update, delete') end as usable",
      [table, table],
    );
    if (!rows[0]?.usable) missing.push(table);
  }
  const audit = await knex.raw<{ rows: { usable: boolean | null }[] }>(
    "select case when to_regclass(?) is null then false else has_table_privilege(?, 'select, insert') end as usable",
    [AUDIT_TABLE, AUDIT_TABLE],
  );
  if (!audit.rows[0]?.usable) missing.push(AUDIT_TABLE);
  // A log prepared by an older version has no redaction yet (an erasure would fail half-way).
  const redact = await knex.raw<{ rows: { present: boolean }[] }>(
    "select to_regprocedure('public.corretora_audit_redact(uuid,text,text[],text[])') is not null as present",
  );
  if (audit.rows[0]?.usable && !redact.rows[0]?.present) missing.push('public.corretora_audit_redact');
  for (const extension of SHARED_EXTENSIONS) {
    const { rows } = await knex.raw<{ rows: unknown[] }>('select 1 from pg_extension where extname = ?', [extension]);
    if (rows.length === 0) missing.push(`the extension ${extension}`);
  }
  if (missing.length > 0) {
    throw new Error(
      `${missing.join(', ')} missing or not granted to this role: prepare the database first (compose: the db-init service; prepare-database.ts)`,
    );
  }
}
