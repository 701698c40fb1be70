import { AsyncLocalStorage } from 'node:async_hooks';
import type Koa from 'koa';
import type { Knex } from 'knex';
import type pino from 'pino';
import { createKnex, type DatabasePoolMode } from './database';

/**
 * Reads that may lag go to a read replica (#63, DATABASE_READ_URL): a list, an export, a report, the
 * search, the Painel — each such read asks `readerOf(knex)` for its knex, and the kit answers per
 * request:
 * - the replica only for a GET (or HEAD) of a session that has not written in the last
 *   READ_YOUR_WRITES_SECONDS: any other request (a write, a read right after one) reads the primary,
 *   so a member always finds what they have just done. The mark is a cookie the kit sets on every
 *   write's answer (`corretora_fresh`, that long): every service and replica sees it, nothing is
 *   stored, and a client who forges it only sends their own reads to the primary.
 * - between services the caller says so (`x-corretora-fresh`, behind the internal token): a call
 *   made while serving a write, or a read after one, or a job, reads the primary on the other side.
 * - the replica only while it answers and is at most READ_YOUR_WRITES_SECONDS behind (checked every
 *   second, the time since a check counted as lag): down or further behind, every read goes to the
 *   primary until it catches up.
 * Writes never go there: a knex from readerOf is for reads only (the replica refuses writes).
 */
export const FRESH_COOKIE = 'corretora_fresh';
export const FRESH_HEADER = 'x-corretora-fresh';

const mayLag = new AsyncLocalStorage<boolean>();
const replicas = new WeakMap<Knex, Replica>();

interface Replica {
  knex: Knex;
  /** How far behind it was at the last check (Infinity: down or not streaming), and when that was. */
  behind: number;
  checkedAt: number;
  windowSeconds: number;
}

/**
 * Whether the replica may answer now: what it was behind at its last check plus the time since, so a
 * replica falling behind between two checks is left as soon as it may be past the window.
 */
function inUse(replica: Replica | undefined | null): replica is Replica {
  if (!replica) return false;
  return replica.behind + (Date.now() - replica.checkedAt) / 1000 <= replica.windowSeconds;
}

/** The knex a read that may lag should use in this request: the replica's, or `knex` itself. */
export function readerOf(knex: Knex): Knex {
  const replica = replicas.get(knex);
  return mayLag.getStore() === true && inUse(replica) ? replica.knex : knex;
}

/** Whether this request's reads may lag (an internal call passes it on). */
export function readsMayLag(): boolean {
  return mayLag.getStore() === true;
}

const SAFE = new Set(['GET', 'HEAD']);

export interface ReadRouting {
  /** The public app's: GETs of a session that has not just written may read the replica; every write marks the session. */
  public: Koa.Middleware;
  /** The internal app's: as the caller said. */
  internal: Koa.Middleware;
  /** Whether reads that may lag go to the replica now (configured, answering, within the window). */
  replicaInUse(): boolean;
  close(): Promise<void>;
}

/**
 * The replica's pool and the middlewares that decide, per request, whether reads may go there.
 * Without a DATABASE_READ_URL the middlewares still mark writes (a replica added later finds the
 * sessions marked) and every read is the primary's.
 */
export async function readRouting(
  primary: Knex,
  options: {
    readUrl?: string;
    schema: string;
    poolMode?: DatabasePoolMode;
    windowSeconds: number;
    secure: boolean;
    log: pino.Logger;
  },
): Promise<ReadRouting> {
  let stop = async () => undefined as void;
  let replica: Replica | null = null;
  if (options.readUrl) {
    const knex = createKnex(options.readUrl, options.schema, undefined, { poolMode: options.poolMode });
    const current: Replica = { knex, behind: Number.POSITIVE_INFINITY, checkedAt: Date.now(), windowSeconds: options.windowSeconds };
    replica = current;
    replicas.set(primary, current);
    // When the replica was last seen with all it had received replayed: what it shows is at least that fresh.
    let caughtUpAt: number | null = null;
    const check = async () => {
      const wasInUse = inUse(current);
      const startedAt = Date.now();
      const behind = await behindBy(knex, caughtUpAt).then(
        ({ seconds, caughtUp }) => {
          if (caughtUp) caughtUpAt = startedAt;
          return seconds;
        },
        () => Number.POSITIVE_INFINITY,
      );
      // Measured as of when the check started: a slow answer does not make it look fresher than it was.
      current.behind = behind;
      current.checkedAt = startedAt;
      const healthy = inUse(current);
      // A commit waiting to be replayed after a quiet spell looks far behind for a moment: debug, not info.
      if (healthy !== wasInUse) options.log.debug({ healthy }, healthy ? 'read replica in use' : 'read replica skipped: down or behind');
    };
    await check();
    options.log.info(
      { healthy: inUse(current) },
      'reads that may lag go to the read replica while it is at most READ_YOUR_WRITES_SECONDS behind',
    );
    const timer = setInterval(() => void check(), 1000);
    timer.unref();
    stop = async () => {
      clearInterval(timer);
      await knex.destroy();
    };
  }
  const maxAge = options.windowSeconds * 1000;
  return {
    public: async (ctx, next) => {
      const safe = SAFE.has(ctx.method);
      if (!safe) {
        if (options.secure) ctx.cookies.secure = true;
        ctx.cookies.set(FRESH_COOKIE, '1', {
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          secure: options.secure || ctx.secure,
          maxAge,
          overwrite: true,
        });
      }
      await mayLag.run(safe && !ctx.cookies.get(FRESH_COOKIE), next);
    },
    internal: (ctx, next) => mayLag.run(SAFE.has(ctx.method) && !ctx.get(FRESH_HEADER), next),
    replicaInUse: () => inUse(replica),
    close: () => stop(),
  };
}

/**
 * How far the replica is behind, in seconds: 0 when it has replayed all it received (and is streaming);
 * otherwise the age of the last transaction it replayed, or the time since it was last seen caught up
 * if that is less (after a quiet spell, the last replayed transaction is old although the replica was
 * current a second ago: a write waiting to be replayed does not make it minutes behind). A server that
 * is not a replica is refused (misconfigured).
 */
async function behindBy(knex: Knex, caughtUpAt: number | null): Promise<{ seconds: number; caughtUp: boolean }> {
  const { rows } = await knex.raw<{ rows: { recovering: boolean; caughtUp: boolean | null; seconds: number | null }[] }>(
    `select pg_is_in_recovery() as recovering,
            pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() as "caughtUp",
            extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as seconds`,
  );
  const state = rows[0]!;
  if (!state.recovering) throw new Error('DATABASE_READ_URL is not a replica');
  // Null: not streaming yet (still replaying its copy), so not caught up.
  if (state.caughtUp === true) return { seconds: 0, caughtUp: true };
  const sinceCaughtUp = caughtUpAt === null ? Number.POSITIVE_INFINITY : (Date.now() - caughtUpAt) / 1000;
  return { seconds: Math.min(state.seconds ?? Number.POSITIVE_INFINITY, sinceCaughtUp), caughtUp: false };
}
