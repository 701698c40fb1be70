import { createDecipheriv, createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { EXAMPLE_BROKERAGE } from '@corretora/contracts/examples';
import { SERVICE_NAMES } from '@corretora/registry';
import { createObjectStore, databasePasswordVariable, type ObjectStore } from '@corretora/service-kit';
import { orphanedRows, readManifest, type BackupManifest } from '@corretora/service-kit/backup';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { ensureDatabase, startInfra } from './infra';
import { REPO_ROOT, run } from './processes';
import { serviceRoles, type Stack } from './stack';

/**
 * The backup and restore commands on the journeys' book (`npm test`, after the journeys): a broker
 * keeps uploading documents through nginx while `npm run backup` copies the running stack; `npm
 * run restore` fills an embedded Postgres and store of its own, as on a bare machine with `.data/`
 * gone; then every table is compared line by line with the backup, every object by sha256, no row
 * may point at a missing row or object, and every insurer portal password opens with the restored
 * key to what it opens to in the running stack.
 */
export async function checkBackupAndRestore(options: {
  stack: Stack;
  nginxUrl: string;
  workDir: string;
  log: (line: string) => void;
}): Promise<boolean> {
  const { stack, log } = options;
  const folder = path.join(options.workDir, 'backup');
  const restoredDir = path.join(options.workDir, 'restored');
  const writer = startWriter(options.nginxUrl);
  const backedUp = await run('npm', ['run', 'backup', '--silent', '--', folder], {
    ...process.env,
    ...stack.env,
    DATABASE_URL: stack.databaseUrl,
    DATA_DIR: path.dirname(stack.remoteStoreDir),
    REMOTES_DIR: stack.remoteStoreDir,
  });
  const written = await writer.stop();
  log(`a broker uploaded ${written} documents while the backup ran`);
  if (backedUp !== 0 || written === 0) return false;
  // The restore as on a bare machine: no DATABASE_URL or S3_*, an empty data folder of its own.
  const bare = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL' && !name.startsWith('S3_')));
  const ports = { pgPort: 15532, s3Port: 19532 };
  const restored = await run('npm', ['run', 'restore', '--silent', '--', folder], {
    ...bare,
    DATA_DIR: restoredDir,
    PG_PORT: String(ports.pgPort),
    S3_PORT: String(ports.s3Port),
  });
  if (restored !== 0) return false;

  const manifest = await readManifest(folder);
  const infra = await startInfra({ dataDir: restoredDir, ...ports }, bare);
  try {
    const restoredUrl = await ensureDatabase(infra.adminDatabaseUrl, 'corretora');
    const store = createObjectStore({ ...bare, ...infra.env });
    const problems = [
      ...(await differentTables(restoredUrl, folder, manifest)),
      ...(await orphanedRows(restoredUrl, SERVICE_NAMES)).map((orphan) => `${orphan.constraint}: ${orphan.rows} rows point nowhere`),
      ...(await differentObjects(restoredUrl, store, manifest)),
      ...(await unreadablePasswords(
        stack.databaseUrl,
        stack.env.INSURER_PASSWORD_KEY!,
        restoredUrl,
        path.join(restoredDir, 'secrets.json'),
      )),
    ];
    for (const problem of problems) log(`restored book: ${problem}`);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    log(
      `restored ${manifest.tables.length} tables (${rows} rows) and ${manifest.objects.items.length} objects: ${problems.length} differences`,
    );
    return problems.length === 0;
  } finally {
    await infra.stop();
  }
}

/** A broker uploading documents one after another until stopped; how many it stored. */
function startWriter(url: string): { stop(): Promise<number> } {
  let writing = true;
  const done = (async () => {
    const email = `backup-${Date.now()}@journeys.test`;
    const registered = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Bia Backup', email, password: 'senha-do-backup-123' }),
    });
    const cookie = registered.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    await fetch(`${url}/api/broker-profile`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ ...EXAMPLE_BROKERAGE, isOnboardingComplete: true }),
    });
    let stored = 0;
    while (writing) {
      const form = new FormData();
      form.set('category', 'contracts');
      form.set('file', new Blob([`%PDF-1.4\n% documento ${stored}\n%%EOF\n`], { type: 'application/pdf' }), `contrato-${stored}.pdf`);
      const answer = await fetch(`${url}/api/documents/upload`, { method: 'POST', headers: { Cookie: cookie }, body: form });
      if (answer.status !== 201) throw new Error(`upload during the backup: ${answer.status} ${await answer.text()}`);
      stored += 1;
    }
    return stored;
  })();
  return {
    async stop() {
      writing = false;
      return done;
    },
  };
}

/** The sha256 of a table's lines in order (COPY text lines, sorted: row order is not part of a table). */
async function sortedDigest(lines: AsyncIterable<string>): Promise<string> {
  const all: string[] = [];
  for await (const line of lines) if (line) all.push(line);
  all.sort();
  const hash = createHash('sha256');
  for (const line of all) hash.update(`${line}\n`);
  return hash.digest('hex');
}

async function differentTables(url: string, folder: string, manifest: BackupManifest): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const problems: string[] = [];
  try {
    for (const table of manifest.tables) {
      const backup = await sortedDigest(createInterface({ input: createReadStream(path.join(folder, table.file)).pipe(createGunzip()) }));
      const columns = table.columns.map((column) => `"${column}"`).join(', ');
      const stream = client.query(copyTo(`copy (select ${columns} from "${table.schema}"."${table.table}") to stdout`));
      const restored = await sortedDigest(createInterface({ input: Readable.from(stream) }));
      if (backup !== restored) problems.push(`${table.schema}.${table.table} differs from the backup`);
    }
  } finally {
    await client.end();
  }
  return problems;
}

async function differentObjects(url: string, store: ObjectStore, manifest: BackupManifest): Promise<string[]> {
  const problems: string[] = [];
  for (const item of manifest.objects.items) {
    const hash = createHash('sha256');
    for await (const chunk of await store.getObject(item.key)) hash.update(chunk as Buffer);
    if (hash.digest('hex') !== item.sha256) problems.push(`object ${item.key} differs from the backup`);
  }
  // Every document and photo the restored database names has its object.
  const keys = new Set(await store.listKeys(''));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string }>(
      'select file_name as key from finance.documents union all select photo_key from broker.broker_profiles where photo_key is not null',
    );
    for (const row of rows) if (!keys.has(row.key)) problems.push(`the object ${row.key} of a restored row is missing`);
    if (rows.length === 0) problems.push('the restored book has no documents: the check proved nothing');
  } finally {
    await client.end();
  }
  return problems;
}

/** Each sealed insurer password, opened with a key (the catalogues' AES-256-GCM, v2: bound to its row). */
async function openedPasswords(url: string, key: Buffer): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; user_id: string; sealed: string }>(
      "select id, user_id, password_sealed as sealed from catalogues.insurers where password_sealed like 'v2:%' order by id",
    );
    return new Map(
      rows.map((row) => {
        const raw = Buffer.from(row.sealed.slice(3), 'base64');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12), { authTagLength: 16 });
        decipher.setAAD(Buffer.from(`insurer-password:${row.user_id}:${row.id}`, 'utf8'));
        decipher.setAuthTag(raw.subarray(12, 28));
        return [`${row.user_id}:${row.id}`, Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')];
      }),
    );
  } finally {
    await client.end();
  }
}

async function unreadablePasswords(sourceUrl: string, sourceKey: string, restoredUrl: string, restoredSecrets: string): Promise<string[]> {
  const secrets = JSON.parse(await readFile(restoredSecrets, 'utf8')) as Record<string, string>;
  if (!secrets.INSURER_PASSWORD_KEY) return ['the restored secrets have no INSURER_PASSWORD_KEY'];
  const before = await openedPasswords(sourceUrl, Buffer.from(sourceKey, 'base64'));
  const after = await openedPasswords(restoredUrl, Buffer.from(secrets.INSURER_PASSWORD_KEY, 'base64'));
  if (before.size === 0) return ['the journeys left no insurer portal password: the check proved nothing'];
  return [...before]
    .filter(([row, password]) => after.get(row) !== password)
    .map(([row]) => `the insurer password of ${row} does not open as before`);
}

/** The previous release's book: written through its API (release-book.ts), backed up from its database. */
export const RELEASE_BOOK_DIR = path.join(REPO_ROOT, 'packages', 'dev-stack', 'test', 'fixtures', 'release-book');

/**
 * Restores the previous release's book with `npm run restore` into the database and bucket the
 * journeys' stack is about to start on, its secrets where that stack reads them (so its insurer
 * passwords open), and its roles' passwords as that stack derives them.
 */
export async function restoreReleaseBook(options: { databaseUrl: string; stackDir: string; env: NodeJS.ProcessEnv }): Promise<boolean> {
  const backup = path.join(RELEASE_BOOK_DIR, 'backup');
  const secrets = JSON.parse(await readFile(path.join(backup, 'secrets.json'), 'utf8')) as Record<string, string>;
  await mkdir(options.stackDir, { recursive: true });
  await writeFile(path.join(options.stackDir, 'secrets.json'), JSON.stringify(secrets, null, 2), { mode: 0o600 });
  const passwords = Object.fromEntries(
    serviceRoles(secrets.INTERNAL_TOKEN!).map((role) => [databasePasswordVariable(role.schema), role.password]),
  );
  const code = await run('npm', ['run', 'restore', '--silent', '--', backup], {
    ...options.env,
    ...passwords,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.stackDir,
    REMOTES_DIR: path.join(options.stackDir, 'remotes'),
  });
  return code === 0;
}
