import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { appendFile, chmod, chown, copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { assertReachableByPostgres, embeddedBinariesDir, postgresAccount } from './infra';
import { stopLeftovers, stopOnExit } from './processes';

export interface ReadReplicaOptions {
  /** The primary's administrator (a superuser: it takes the base copy and owns the slot). */
  adminUrl: string;
  /** The primary's data directory (the embedded default's `<data>/postgres`), copied while it runs. */
  primaryDataDir: string;
  /** The replica's own data directory (emptied first). */
  dir: string;
  port: number;
  /** recovery_min_apply_delay: how far behind the primary every commit is replayed. */
  delayMs: number;
}

export interface RunningReadReplica {
  /** `url` with the replica's port: the same roles, passwords and database (they are replicated). */
  through(url: string): string;
  stop(): Promise<void>;
}

const SLOT = 'corretora_read_replica';
/** What a base copy leaves out (PostgreSQL's own list for pg_basebackup): the running server's and the WAL's. */
const SKIPPED = new Set(['postmaster.pid', 'postmaster.opts', 'pg_internal.init']);
const EMPTIED = new Set(['pg_wal', 'pg_replslot', 'pg_stat_tmp', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_subtrans']);

/** The live data directory, file by file: one removed meanwhile (a temporary file) is skipped, as pg_basebackup does. */
async function copyLive(from: string, to: string, top = true): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    if (SKIPPED.has(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (top && EMPTIED.has(entry.name)) await mkdir(target, { mode: 0o700 });
      else await copyLive(source, target, false);
    } else if (entry.isFile()) {
      await copyFile(source, target).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
  }
}

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await chown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(target, uid, gid);
    else await chown(target, uid, gid);
  }
}

async function inRecovery(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ recovering: boolean }>('select pg_is_in_recovery() as recovering');
    return rows[0]!.recovering;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A streaming read replica of the embedded PostgreSQL (#63), as an operator makes one: a physical
 * replication slot on the primary, a base copy of its data directory between pg_backup_start and
 * pg_backup_stop (the embedded package ships no pg_basebackup, so the copy is ours, with the
 * backup_label the primary hands back), standby.signal, and the primary's address. It replays every
 * commit `delayMs` late (recovery_min_apply_delay): a read sent there that needed the member's own
 * write would miss it, which is what the journeys run against.
 */
export async function startReadReplica(options: ReadReplicaOptions): Promise<RunningReadReplica> {
  await mkdir(path.dirname(options.dir), { recursive: true });
  if (process.getuid?.() === 0) assertReachableByPostgres([path.dirname(options.dir)]);
  // A replica an interrupted run left on this folder holds its port and the replication slot: stopped first (fast shutdown).
  await stopLeftovers('postgres', options.dir, 'SIGINT');
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  try {
    await admin.query(`select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1 and not active`, [SLOT]);
    await admin.query('select pg_create_physical_replication_slot($1, true)', [SLOT]);
    await rm(options.dir, { recursive: true, force: true });
    await admin.query("select pg_backup_start('corretora read replica', true)");
    await copyLive(options.primaryDataDir, options.dir);
    const { rows } = await admin.query<{ labelfile: string; spcmapfile: string | null }>(
      'select labelfile, spcmapfile from pg_backup_stop(false)',
    );
    await writeFile(path.join(options.dir, 'backup_label'), rows[0]!.labelfile);
    if (rows[0]!.spcmapfile) await writeFile(path.join(options.dir, 'tablespace_map'), rows[0]!.spcmapfile);
  } finally {
    await admin.end();
  }
  const primary = new URL(options.adminUrl);
  const conninfo = `host=${primary.hostname} port=${primary.port || 5432} user=${decodeURIComponent(primary.username)} password=${decodeURIComponent(primary.password)} application_name=read_replica`;
  await writeFile(path.join(options.dir, 'standby.signal'), '');
  await appendFile(
    path.join(options.dir, 'postgresql.auto.conf'),
    [
      '',
      '# A read replica (packages/dev-stack/src/read-replica.ts)',
      `primary_conninfo = '${conninfo.replace(/'/g, "''")}'`,
      `primary_slot_name = '${SLOT}'`,
      `recovery_min_apply_delay = '${Math.max(0, Math.round(options.delayMs))}ms'`,
      'hot_standby = on',
      // A long report on the replica is not cancelled for a replayed cleanup (the primary keeps those rows).
      'hot_standby_feedback = on',
      '',
    ].join('\n'),
  );
  await chmod(options.dir, 0o700);
  const account = process.getuid?.() === 0 ? postgresAccount() : undefined;
  if (process.getuid?.() === 0 && !account) throw new Error('PostgreSQL will not run as root and there is no postgres user to run it as');
  if (account) await chownTree(options.dir, account.uid, account.gid);

  const log = createWriteStream(path.join(path.dirname(options.dir), `${path.basename(options.dir)}.log`));
  const child: ChildProcess = spawn(
    path.join(embeddedBinariesDir(), 'native', 'bin', 'postgres'),
    ['-D', options.dir, '-p', String(options.port), '-c', 'listen_addresses=127.0.0.1'],
    { stdio: ['ignore', 'pipe', 'pipe'], ...(account ? { uid: account.uid, gid: account.gid } : {}) },
  );
  stopOnExit(child, 'SIGINT');
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const through = (url: string) => {
    const replica = new URL(url);
    replica.hostname = '127.0.0.1';
    replica.port = String(options.port);
    return replica.toString();
  };
  const deadline = Date.now() + 60_000;
  while (!(await inRecovery(through(options.adminUrl)))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the read replica did not start on port ${options.port} (its log: ${options.dir}.log)`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    through,
    async stop() {
      if (!exited) {
        // SIGINT: PostgreSQL's fast shutdown.
        child.kill('SIGINT');
        await Promise.race([exit, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
        if (!exited) child.kill('SIGKILL');
      }
      // The slot would keep the primary's WAL forever.
      const client = new pg.Client({ connectionString: options.adminUrl });
      await client.connect().then(
        () =>
          client.query('select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1 and not active', [SLOT]),
        () => undefined,
      );
      await client.end().catch(() => undefined);
    },
  };
}
