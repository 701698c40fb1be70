import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { postgresAccount } from './infra';
import { REPO_ROOT, stopLeftovers, stopOnExit } from './processes';

/** Debian's PgBouncer (1.18: no prepared statements per client in transaction mode). */
export const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer';
/** The one configuration, compose's and the tests': only addresses and paths differ. */
export const PGBOUNCER_INI = path.join(REPO_ROOT, 'deploy', 'pgbouncer', 'pgbouncer.ini');

export interface PgBouncerOptions {
  /** Its configuration, credentials, log and pid go here. */
  dir: string;
  port: number;
  /** The PostgreSQL it pools (the administrator's URL: its host and port). */
  databaseUrl: string;
  /** Each login it lets through, with its password (the services' roles). */
  users: readonly { name: string; password: string }[];
  /** Server connections per role and database (the file's default_pool_size unless set). */
  poolSize?: number;
}

export interface RunningPgBouncer {
  /** `url` with PgBouncer's host and port instead of PostgreSQL's (same user, password and database). */
  through(url: string): string;
  stop(): Promise<void>;
}

/** deploy/pgbouncer/pgbouncer.ini with this run's addresses and files: every setting that shapes pooling is the file's. */
export function pgbouncerConfig(options: Omit<PgBouncerOptions, 'users'> & { authFile: string; logFile: string }): string {
  const server = new URL(options.databaseUrl);
  const replace = (text: string, key: string, value: string) => {
    const pattern = new RegExp(`^${key.replace(/[*]/g, '\\*')} =.*$`, 'm');
    if (!pattern.test(text)) throw new Error(`${PGBOUNCER_INI} has no ${key} line`);
    return text.replace(pattern, `${key} = ${value}`);
  };
  let text = readFileSync(PGBOUNCER_INI, 'utf8');
  text = replace(text, '*', `host=${server.hostname} port=${server.port || '5432'}`);
  text = replace(text, 'listen_addr', '127.0.0.1');
  text = replace(text, 'listen_port', String(options.port));
  text = replace(text, 'auth_file', options.authFile);
  text = replace(text, 'logfile', options.logFile);
  if (options.poolSize) text = replace(text, 'default_pool_size', String(options.poolSize));
  return text;
}

/** PgBouncer's auth_file: `"name" "password"` per line, quotes doubled. */
function userList(users: PgBouncerOptions['users']): string {
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
  return users.map((user) => `${quote(user.name)} ${quote(user.password)}`).join('\n') + '\n';
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/**
 * Starts Debian's PgBouncer in front of a PostgreSQL, with deploy/pgbouncer/pgbouncer.ini (transaction
 * mode). As root it runs as the `postgres` user (PgBouncer refuses root), who must read its folder.
 */
export async function startPgBouncer(options: PgBouncerOptions): Promise<RunningPgBouncer> {
  if (!existsSync(PGBOUNCER_BIN)) throw new Error(`${PGBOUNCER_BIN} is missing: install pgbouncer (apt-get install -y pgbouncer)`);
  await mkdir(options.dir, { recursive: true });
  const authFile = path.join(options.dir, 'userlist.txt');
  const logFile = path.join(options.dir, 'pgbouncer.log');
  const iniFile = path.join(options.dir, 'pgbouncer.ini');
  // A PgBouncer an interrupted run left with this folder's ini: stopped first (its port, its old passwords).
  await stopLeftovers('pgbouncer', iniFile, 'SIGTERM');
  // Anything else answering there would pass the readiness check below and serve its own passwords:
  // refuse to start instead.
  if (await acceptsConnections(options.port))
    throw new Error(`PgBouncer cannot start: port ${options.port} is already in use by something else (stop it first)`);
  await writeFile(authFile, userList(options.users), { mode: 0o600 });
  await writeFile(iniFile, pgbouncerConfig({ ...options, authFile, logFile }), { mode: 0o600 });
  await writeFile(logFile, '', { mode: 0o600 });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const account = postgresAccount();
    if (!account) throw new Error('PgBouncer will not run as root and there is no postgres user to run it as');
    const { uid, gid } = account;
    await chmod(options.dir, 0o755);
    for (const file of [authFile, iniFile, logFile]) await chown(file, uid, gid);
  }
  const child: ChildProcess = spawn(PGBOUNCER_BIN, [...(asRoot ? ['-u', 'postgres'] : []), iniFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stopOnExit(child, 'SIGTERM');
  const output = createWriteStream(path.join(options.dir, 'pgbouncer.out'));
  child.stdout?.pipe(output);
  child.stderr?.pipe(output);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const deadline = Date.now() + 15_000;
  while (!(await acceptsConnections(options.port))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      const reason = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-5).join('\n') : '';
      throw new Error(`PgBouncer did not start on port ${options.port}${reason ? `:\n${reason}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    through(url) {
      const pooled = new URL(url);
      pooled.hostname = '127.0.0.1';
      pooled.port = String(options.port);
      return pooled.toString();
    },
    async stop() {
      if (exited) return;
      // SIGTERM: immediate shutdown (SIGINT would wait for every client to leave).
      child.kill('SIGTERM');
      await Promise.race([exit, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      if (!exited) child.kill('SIGKILL');
    },
  };
}
