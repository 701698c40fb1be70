/**
 * `npm run bench:backup` (#37): a book of 50,000 contacts, 100,000 policies with 4 instalments each
 * and 1 GB of documents (1,024 objects of 1 MiB) on an embedded Postgres and S3 store of its own,
 * backed up by what `npm run backup` runs (`takeBackup`), against a floor measured in the same run
 * on the same data: every table `COPY`'d to a plain file (what pg_dump's data costs, without its
 * compression) plus every object fetched to a file (a plain copy of the store, as `aws s3 cp
 * --recursive` would), neither hashed nor compressed. Then the restore into an empty database and
 * store. Target: the backup ≤ 2× the floor. A benchmark, never a test.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ensureDatabase, startInfra } from '@corretora/dev-stack';
import { SERVICE_NAMES } from '@corretora/registry';
import { createObjectStore, prepareDatabase, type ObjectStore } from '@corretora/service-kit';
import { migrateAsRole, restoreBackup, takeBackup, type BookPlace } from '@corretora/service-kit/backup';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

const CONTACTS = Number(process.env.BENCH_BACKUP_CONTACTS ?? 50_000);
const POLICIES = Number(process.env.BENCH_BACKUP_POLICIES ?? 100_000);
const OBJECT_MIB = Number(process.env.BENCH_BACKUP_MIB ?? 1024);
const USER = '6f1d7c1e-0000-4000-8000-000000000001';

const seconds = (started: number) => (performance.now() - started) / 1000;

async function eachLimited<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function seed(url: string, store: ObjectStore): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into pipeline.contacts (user_id, name, email, phone, type)
       select $1, 'Cliente ' || n, 'cliente' || n || '@exemplo.com', '119' || lpad(n::text, 8, '0'), 'client' from generate_series(1, $2::int) n`,
      [USER, CONTACTS],
    );
    await client.query(
      `insert into finance.policies (user_id, contact_name, type, line, policy_number, premium, net_premium, status, start_date, renewal_date, commission_type, commission_value)
       select $1, 'Cliente ' || n, 'auto', 'auto', 'AP-' || n, 1073.80, 1000.00, 'active', current_date - 200, current_date + 165, 'percentage', 10
       from generate_series(1, $2::int) n`,
      [USER, POLICIES],
    );
    await client.query(
      `insert into finance.policy_instalments (user_id, policy_id, number, due_date, premium, expected_commission)
       select p.user_id, p.id, k, p.start_date + (k - 1) * 30, 268.45, 25.00 from finance.policies p, generate_series(1, 4) k`,
    );
    const keys = Array.from({ length: OBJECT_MIB }, (_, n) => `documents/${USER}/${n}`);
    await eachLimited(keys, 4, (key) => store.putObject(key, randomBytes(1_048_576), 'application/pdf'));
    await client.query(
      `insert into finance.documents (user_id, file_name, original_name, file_size, mime_type, category)
       select $1, k, 'apolice.pdf', 1048576, 'application/pdf', 'contracts' from unnest($2::text[]) k`,
      [USER, keys],
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** The floor: each table as plain COPY text to a file, each object fetched to a file. */
async function floor(url: string, store: ObjectStore, folder: string): Promise<number> {
  const started = performance.now();
  await mkdir(path.join(folder, 'objects'), { recursive: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = any($1)`,
      [SERVICE_NAMES],
    );
    for (const { name } of rows) {
      await pipeline(client.query(copyTo(`copy ${name} to stdout`)), createWriteStream(path.join(folder, `${name}.copy`)));
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
  const keys = await store.listKeys('');
  await eachLimited(keys, 4, async (key) => {
    await pipeline(await store.getObject(key), createWriteStream(path.join(folder, 'objects', encodeURIComponent(key))));
  });
  return seconds(started);
}

async function main(): Promise<void> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-backup-'));
  await chmod(work, 0o755);
  const log = (line: string) => console.log(`[bench] ${line}`);
  const source = await startInfra({ dataDir: path.join(work, 'source'), pgPort: 15632, s3Port: 19632 }, {});
  const target = await startInfra({ dataDir: path.join(work, 'target'), pgPort: 15633, s3Port: 19633 }, {});
  try {
    const roles = SERVICE_NAMES.map((schema) => ({ schema, password: randomBytes(18).toString('base64url') }));
    const places = await Promise.all(
      [source, target].map(async (infra): Promise<BookPlace> => ({
        adminUrl: await ensureDatabase(infra.adminDatabaseUrl, 'corretora'),
        store: createObjectStore({ ...infra.env }),
        remotesDir: null,
        schemas: SERVICE_NAMES,
        log,
      })),
    );
    const [from, to] = places as [BookPlace, BookPlace];
    await prepareDatabase(from.adminUrl, roles);
    for (const schema of SERVICE_NAMES) await migrateAsRole(from.adminUrl, schema, 'latest');
    await from.store.ensureBucket();
    const seeding = performance.now();
    await seed(from.adminUrl, from.store);
    log(
      `seeded ${CONTACTS} contacts, ${POLICIES} policies, ${POLICIES * 4} instalments, ${OBJECT_MIB} MiB of documents in ${seconds(seeding).toFixed(1)} s`,
    );

    // The floor before and after the backup (the faster one counts): neither side gets a warmer cache.
    const floorRun = async () => {
      const taken = await floor(from.adminUrl, from.store, path.join(work, 'floor'));
      await rm(path.join(work, 'floor'), { recursive: true, force: true });
      return taken;
    };
    const floorBefore = await floorRun();
    const backupStarted = performance.now();
    const folder = path.join(work, 'backup');
    await takeBackup(from, folder, {
      secrets: { INSURER_PASSWORD_KEY: randomBytes(32).toString('base64') },
      release: { version: 'bench', commit: null },
    });
    const backupSeconds = seconds(backupStarted);
    const floorSeconds = Math.min(floorBefore, await floorRun());
    const restoreStarted = performance.now();
    await restoreBackup(to, folder, { roles, force: false });
    const restoreSeconds = seconds(restoreStarted);

    console.log(`\nBackup of ${CONTACTS} contacts, ${POLICIES} policies (${POLICIES * 4} instalments) and ${OBJECT_MIB} MiB of documents`);
    console.table([
      {
        what: 'floor: COPY of every table to files + every object fetched to files (faster of two)',
        seconds: floorSeconds.toFixed(1),
        ratio: '1.00',
        target: '',
      },
      {
        what: 'npm run backup (snapshot, gzip, sha256, manifest)',
        seconds: backupSeconds.toFixed(1),
        ratio: (backupSeconds / floorSeconds).toFixed(2),
        target: '≤ 2× the floor',
      },
      {
        what: 'npm run restore (migrate, load, upgrade, check, objects)',
        seconds: restoreSeconds.toFixed(1),
        ratio: (restoreSeconds / floorSeconds).toFixed(2),
        target: '',
      },
    ]);
  } finally {
    await source.stop();
    await target.stop();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
