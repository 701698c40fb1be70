import path from 'node:path';
import type { Knex } from 'knex';
import { createKnex, withAdvisoryLock } from '../database';
import { roleOf } from '../database-roles';

/** A service's migrations in this checkout (services/<name>/migrations). */
export function migrationsDirOf(schema: string): string {
  return path.resolve(__dirname, '..', '..', '..', '..', 'services', schema, 'migrations');
}

/**
 * A service's schema migrated by the administrator acting as the service's role (`set role`), so
 * what the migrations create belongs to the role as when the service migrates at start: up to
 * the backup's last migration (`upTo`), or to this release's last.
 */
export async function migrateAsRole(
  adminUrl: string,
  schema: string,
  upTo: readonly string[] | 'latest',
  migrationsDir: (schema: string) => string = migrationsDirOf,
): Promise<void> {
  const knex = createKnex(adminUrl, schema, migrationsDir(schema), { role: roleOf(schema) });
  try {
    await withAdvisoryLock(knex, `migrations:${schema}`, async () => {
      if (upTo === 'latest') {
        await knex.migrate.latest();
        return;
      }
      await migrateTo(knex, schema, upTo);
    });
  } finally {
    await knex.destroy();
  }
}

async function migrateTo(knex: Knex, schema: string, wanted: readonly string[]): Promise<void> {
  const [completed, pending] = (await knex.migrate.list()) as [{ name: string }[], { file: string }[]];
  const known = [...completed.map((entry) => entry.name), ...pending.map((entry) => entry.file)];
  const unknown = wanted.filter((name, index) => known[index] !== name);
  if (unknown.length > 0) {
    throw new Error(
      `the backup's ${schema} schema ran migrations this release does not have in that order (${unknown.slice(0, 3).join(', ')}): restore it with the release that wrote it`,
    );
  }
  if (completed.length > wanted.length) throw new Error(`the ${schema} schema is already past the backup's migrations`);
  for (let done = completed.length; done < wanted.length; done += 1) await knex.migrate.up();
}
