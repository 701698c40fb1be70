import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'minio';
import pg from 'pg';
import { assertReachableByPostgres, startInfra } from '../src/infra';
import { loadSecrets } from '../src/secrets';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dev-stack-test-'));
  // As root the server runs as the postgres user, who must be able to reach the data folder.
  await chmod(dir, 0o755);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function selectOne(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const result = await client.query('select 1 as one');
  await client.end();
  return result.rows[0].one;
}

test('embedded Postgres and S3 start, and a server left by a killed run is cleaned up', async () => {
  const options = { dataDir: path.join(dir, 'data'), pgPort: 25432, s3Port: 29400 };
  // The first run "dies" without stopping: its Postgres keeps running with its postmaster.pid.
  const first = await startInfra(options, {});
  expect(await selectOne(first.adminDatabaseUrl)).toBe(1);
  const orphanPid = Number(readFileSync(path.join(options.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  expect(orphanPid).toBeGreaterThan(0);

  const second = await startInfra({ ...options, s3Port: 29401 }, {});
  try {
    expect(await selectOne(second.adminDatabaseUrl)).toBe(1);
    const newPid = Number(readFileSync(path.join(options.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(newPid).not.toBe(orphanPid);

    // The S3 store answers the multipart listing the minio client needs for streams of unknown size.
    const endpoint = new URL(second.env.S3_ENDPOINT!);
    const s3 = new Client({
      endPoint: endpoint.hostname,
      port: Number(endpoint.port),
      useSSL: false,
      pathStyle: true,
      region: 'us-east-1',
      accessKey: second.env.S3_ACCESS_KEY!,
      secretKey: second.env.S3_SECRET_KEY!,
    });
    expect(await s3.bucketExists('corretora')).toBe(true);
    const response = await fetch(`${second.env.S3_ENDPOINT}/corretora?uploads`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('ListMultipartUploadsResult');
  } finally {
    await second.stop();
    await first.stop();
  }
});

test('external DATABASE_URL and S3_ENDPOINT skip the embedded servers', async () => {
  const infra = await startInfra(
    { dataDir: path.join(dir, 'unused'), pgPort: 1, s3Port: 1 },
    { DATABASE_URL: 'postgres://x@db.example/y', S3_ENDPOINT: 'https://s3.example', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's' },
  );
  expect(infra.adminDatabaseUrl).toBe('postgres://x@db.example/y');
  expect(infra.env).toEqual({ S3_ENDPOINT: 'https://s3.example', S3_ACCESS_KEY: 'k', S3_SECRET_KEY: 's' });
  await infra.stop();
});

test('secrets are generated once, kept private, and the environment wins', () => {
  const dataDir = path.join(dir, 'secrets');
  const first = loadSecrets(dataDir, {});
  expect(first.SESSION_KEYS.length).toBeGreaterThanOrEqual(32);
  expect(Buffer.from(first.INSURER_PASSWORD_KEY, 'base64')).toHaveLength(32);
  expect(loadSecrets(dataDir, {})).toEqual(first);
  expect(statSync(path.join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
  expect(loadSecrets(dataDir, { INTERNAL_TOKEN: 'from-env' }).INTERNAL_TOKEN).toBe('from-env');
  // A file left readable by an earlier version is made private again.
  chmodSync(path.join(dataDir, 'secrets.json'), 0o644);
  loadSecrets(dataDir, {});
  expect(statSync(path.join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
});

test('a folder the postgres user cannot enter is one clear line, not an EACCES stack', () => {
  const closed = path.join(dir, 'closed-home');
  mkdirSync(path.join(closed, 'clone', '.data'), { recursive: true });
  chmodSync(closed, 0o700);
  expect(() => assertReachableByPostgres([path.join(closed, 'clone', '.data')])).toThrow(
    `PostgreSQL runs as the "postgres" user when npm start runs as root, and that user cannot enter ${closed}: move the clone somewhere others can enter (e.g. /srv/corretora), run \`chmod o+x ${closed}\`, or set DATABASE_URL to an external PostgreSQL.`,
  );
  chmodSync(closed, 0o755);
  expect(() => assertReachableByPostgres([path.join(closed, 'clone', '.data')])).not.toThrow();
});

test('a second run on a data folder another live run holds is refused before it touches that run’s Postgres', async () => {
  const dataDir = path.join(dir, 'held');
  mkdirSync(dataDir, { recursive: true });
  // Another run: a live process whose pid the folder names.
  const other = spawn('sleep', ['30'], { stdio: 'ignore' });
  try {
    writeFileSync(path.join(dataDir, 'dev-stack.pid'), String(other.pid));
    await expect(startInfra({ dataDir, pgPort: 25433, s3Port: 29402 }, {})).rejects.toThrow(
      `another run (pid ${other.pid}) is using ${dataDir}: stop it (Ctrl-C in its terminal) before starting again`,
    );
  } finally {
    other.kill();
  }
});
