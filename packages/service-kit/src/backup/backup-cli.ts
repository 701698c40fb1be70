import { SERVICE_NAMES } from '@corretora/registry';
import { databasePasswordVariable } from '../database-roles';
import { createObjectStore } from '../object-store';
import { BACKED_UP_SECRETS, currentRelease, parseBookCommand, runBookCommand } from './book-command';

/**
 * `node --import tsx packages/service-kit/src/backup/backup-cli.ts backup|restore <folder> [--force]`:
 * against the database and store the environment names (compose's one-shot `backup`/`restore`;
 * `npm run backup` on the embedded default is dev-stack's). DATABASE_URL is the administrator;
 * S3_* a key that may list, read and write the bucket; REMOTES_DIR the gateway's remote store;
 * the secrets are read from (backup) the environment; a restore also needs each service's
 * <SCHEMA>_DB_PASSWORD, as db-init does, and prints where the secrets are.
 */
async function main(): Promise<void> {
  const command = parseBookCommand(process.argv.slice(2));
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('set DATABASE_URL (the database administrator)');
  const log = (line: string) => console.log(`[${command.action}] ${line}`);
  const secrets = Object.fromEntries(BACKED_UP_SECRETS.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
  await runBookCommand(
    command,
    { adminUrl, store: createObjectStore(), remotesDir: process.env.REMOTES_DIR ?? null, schemas: SERVICE_NAMES, log },
    {
      secrets,
      release: currentRelease(process.cwd()),
      roles: () =>
        SERVICE_NAMES.map((schema) => {
          const password = process.env[databasePasswordVariable(schema)];
          if (!password) throw new Error(`set ${databasePasswordVariable(schema)} (as for db-init)`);
          return { schema, password };
        }),
    },
  );
  if (command.action === 'restore') {
    log(
      `restored. The secrets of the backup are in ${command.folder}/secrets.json: set INSURER_PASSWORD_KEY (and SESSION_KEYS) to them before the services start`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(`could not finish: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
