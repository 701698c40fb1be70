import { SERVICE_NAMES } from '@corretora/registry';
import { databasePasswordVariable, prepareDatabase, roleOf } from './database-roles';

/**
 * `node --import tsx packages/service-kit/src/prepare-database.ts`: with DATABASE_URL as the
 * database's administrator, gives every service its own role and schema and creates the shared
 * tables (database-roles.ts). Compose's one-shot db-init; idempotent, so it runs on every `up`.
 */
async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('set DATABASE_URL (the database administrator)');
  const roles = SERVICE_NAMES.map((schema) => {
    const password = process.env[databasePasswordVariable(schema)];
    if (!password) throw new Error(`set ${databasePasswordVariable(schema)}`);
    return { schema, password };
  });
  await prepareDatabase(adminUrl, roles);
  console.log(`roles ready: ${roles.map(({ schema }) => roleOf(schema)).join(', ')}`);
}

main().catch((error: unknown) => {
  console.error('could not prepare the database:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
