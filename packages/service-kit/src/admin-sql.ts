import knexFactory, { type Knex } from 'knex';

/**
 * One statement as the database's administrator, for journeys that arrange what only time would
 * make (a card untouched for ten days): never used by a service.
 */
export async function runAsAdmin(databaseUrl: string, sql: string, bindings: readonly Knex.Value[] = []): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(sql, bindings);
  } finally {
    await admin.destroy();
  }
}
