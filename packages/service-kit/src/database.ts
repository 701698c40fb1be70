import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { knexSnakeCaseMappers } from 'objection';

// SQL `date` is a calendar date: keep it as 'YYYY-MM-DD' instead of a midnight in the server's timezone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** One pool per service, confined to the service's own schema (public only for the session table). */
export function createKnex(databaseUrl: string, schema: string, migrationsDir?: string): Knex {
  return knexFactory({
    client: 'pg',
    connection: databaseUrl,
    searchPath: [schema, 'public'],
    pool: { min: 0, max: 10 },
    migrations: migrationsDir
      ? {
          directory: path.resolve(migrationsDir),
          schemaName: schema,
          tableName: 'knex_migrations',
          loadExtensions: ['.ts', '.js'],
          // Concurrency is handled by our advisory lock, so knex's own lock table never blocks a replica.
          disableMigrationsListValidation: false,
        }
      : undefined,
    ...knexSnakeCaseMappers(),
  });
}

/** Stable 32-bit lock id from a name, so every replica of a service takes the same lock. */
function lockId(name: string): number {
  let hash = 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** Runs `work` while holding a Postgres advisory lock: concurrent replicas wait instead of racing. */
export async function withAdvisoryLock<T>(knex: Knex, name: string, work: () => Promise<T>): Promise<T> {
  const connection = await knex.client.acquireConnection();
  try {
    await connection.query('select pg_advisory_lock($1)', [lockId(name)]);
    try {
      return await work();
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [lockId(name)]);
    }
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

/** The shared session table: written at login/logout by identity, read by every service. */
export async function ensureSessionsTable(knex: Knex): Promise<void> {
  await withAdvisoryLock(knex, 'public.sessions', async () => {
    await knex.raw(`create table if not exists public.sessions (
      sid text primary key,
      sess jsonb not null,
      expire timestamptz not null
    )`);
    await knex.raw('create index if not exists sessions_expire_idx on public.sessions (expire)');
  });
}

export async function migrateSchema(knex: Knex, schema: string): Promise<void> {
  await withAdvisoryLock(knex, `migrations:${schema}`, async () => {
    await knex.raw('create schema if not exists ??', [schema]);
    await knex.migrate.latest();
  });
}
