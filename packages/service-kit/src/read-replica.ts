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
 *   second): down or further behind, every read goes to the primary until it catches up.
 * Writes never go there: a knex from readerOf is for reads only (the replica refuses writes).
 */
export const FRESH_COOKIE = 'corretora_fresh';
export const FRESH_HEADER = 'x-corretora-fresh';

const mayLag = new AsyncLocalStorage<boolean>();
const replicas = new WeakMap<Knex, Replica>();

interface Replica {
  knex: Knex;
  healthy: boolean;
}

/** The knex a read that may lag should use in this request: the replica's, or `knex` itself. */
export function readerOf(knex: Knex): Knex {
  const replica = replicas.get(knex);
  return replica?.healthy && mayLag.getStore() === true ? replica.knex : knex;
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
    const current: Replica = { knex, healthy: false };
    replica = current;
    replicas.set(primary, current);
    // When the replica was last seen with all it had received replayed: what it shows is at least that fresh.
    let caughtUpAt: number | null = null;
    const check = async () => {
      const healthy = await behindBy(knex, caughtUpAt).then(
        ({ seconds, caughtUp }) => {
          if (caughtUp) caughtUpAt = Date.now();
          return seconds <= options.windowSeconds;
        },
        () => false,
      );
      // A commit waiting to be replayed after a quiet spell looks far behind for a moment: debug, not info.
      if (healthy !== current.healthy)
        options.log.debug({ healthy }, healthy ? 'read replica in use' : 'read replica skipped: down or behind');
      current.healthy = healthy;
    };
    await check();
    options.log.info(
      { healthy: current.healthy },
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
    replicaInUse: () => replica?.healthy === true,
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
