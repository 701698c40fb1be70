import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { inLockedTransaction } from './database';
import { SHARD_LOCAL, markNotDistributed } from './shard-ready';
import { HttpError } from './errors';

/** One counter: at most `max` attempts per `windowSeconds` for one key (an address, an account...). */
export interface Limit {
  /** What is limited, e.g. 'login:account+address'. */
  name: string;
  /** Whom it counts: any text (an e-mail, an address); stored only as a hash, so its length never matters. */
  key: string;
  max: number;
  windowSeconds: number;
  /** The 429's pt-BR message (default TOO_MANY_ATTEMPTS). */
  message?: string;
}

export const TOO_MANY_ATTEMPTS = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
export const RATE_LIMITS_TABLE = 'rate_limits';
/** Counters of an account across every service (its writes, its uploads): one table for all. */
export const ACCOUNT_RATE_LIMITS_TABLE = 'public.account_rate_limits';

/** Fixed 43-character row key whatever the input: a 250-character header cannot overflow anything. */
function rowKey(limit: Limit): string {
  return createHash('sha256').update(`${limit.name}\u0000${limit.key}`).digest('base64url');
}

/**
 * The counters live in the service's own schema (or public, for an account's), so every replica sees
 * the same attempts. Created under an advisory lock: `create table if not exists` is not safe
 * against itself (two services starting together both create the row type, and one fails).
 */
export async function ensureRateLimitTable(knex: Knex, table = RATE_LIMITS_TABLE): Promise<void> {
  await inLockedTransaction(knex, `create ${table}`, async (trx) => {
    await trx.raw(`create table if not exists ${table} (
      key text primary key,
      points integer not null,
      reset_at timestamptz not null
    )`);
    // A sharded database keeps it on the coordinator (shard-ready.ts).
    await markNotDistributed(trx, table, SHARD_LOCAL, 'request counters per key for a minute; no brokerage records');
  });
}

/**
 * Fixed-window counters in Postgres. `consume` counts the attempt first, in one atomic upsert per
 * limit (the row lock serialises parallel attempts), and only then says whether it may proceed: a
 * burst of parallel requests can never get more than `max` through, and the expensive work (argon2)
 * runs only after every limit passed.
 */
export class RateLimiter {
  constructor(
    private readonly knex: Knex,
    private readonly table = RATE_LIMITS_TABLE,
  ) {}

  /**
   * Counts one attempt on each limit in order; a 429 with Retry-After at the first one over its max.
   * The clock is the statement's own (clock_timestamp), not its transaction's start: a parallel
   * request that waited on the counter's row lock read a now() from before the row it then counts
   * on, and answered Retry-After: 61 for a 60 s window (seen in CI).
   */
  async consume(limits: Limit[]): Promise<void> {
    for (const limit of limits) {
      const result = await this.knex.raw<{ rows: { points: number; retryAfter: number }[] }>(
        `insert into ${this.table} as counter (key, points, reset_at)
         values (?, 1, now() + make_interval(secs => ?))
         on conflict (key) do update set
           points = case when counter.reset_at <= clock_timestamp() then 1 else counter.points + 1 end,
           reset_at = case when counter.reset_at <= clock_timestamp() then excluded.reset_at else counter.reset_at end
         returning points, ceil(extract(epoch from reset_at - clock_timestamp()))::int as "retryAfter"`,
        [rowKey(limit), limit.windowSeconds],
      );
      const row = result.rows[0]!;
      if (row.points > limit.max) {
        // Within [1, window]: never more than the window, whatever the clocks of parallel statements.
        const retryAfter = Math.min(limit.windowSeconds, Math.max(1, row.retryAfter));
        throw new HttpError(429, limit.message ?? TOO_MANY_ATTEMPTS, undefined, { 'Retry-After': String(retryAfter) });
      }
    }
  }

  /**
   * Counts one attempt against each limit in one statement (a write's member and brokerage: one
   * round trip on every write). Over any of them: the others get their attempt back, and the first
   * one over answers its 429.
   */
  async consumeTogether(limits: Limit[]): Promise<void> {
    const windows = [...new Set(limits.map((limit) => limit.windowSeconds))];
    if (windows.length !== 1) {
      await this.consume(limits);
      return;
    }
    const keys = limits.map(rowKey);
    const result = await this.knex.raw<{ rows: { key: string; points: number; retryAfter: number }[] }>(
      `insert into ${this.table} as counter (key, points, reset_at)
       select key, 1, now() + make_interval(secs => ?) from unnest(?::text[]) as key
       on conflict (key) do update set
         points = case when counter.reset_at <= clock_timestamp() then 1 else counter.points + 1 end,
         reset_at = case when counter.reset_at <= clock_timestamp() then excluded.reset_at else counter.reset_at end
       returning key, points, ceil(extract(epoch from reset_at - clock_timestamp()))::int as "retryAfter"`,
      [windows[0]!, keys],
    );
    const rows = new Map(result.rows.map((row) => [row.key, row]));
    const over = limits.find((limit) => rows.get(rowKey(limit))!.points > limit.max);
    if (!over) return;
    await this.refund(limits.filter((limit) => limit !== over));
    const retryAfter = Math.min(over.windowSeconds, Math.max(1, rows.get(rowKey(over))!.retryAfter));
    throw new HttpError(429, over.message ?? TOO_MANY_ATTEMPTS, undefined, { 'Retry-After': String(retryAfter) });
  }

  /** Gives one attempt back (a success that should not count against a shared limit). */
  async refund(limits: Limit[]): Promise<void> {
    if (limits.length === 0) return;
    await this.knex(this.table).whereIn('key', limits.map(rowKey)).andWhere('points', '>', 0).decrement('points', 1);
  }

  /** Forgets the attempts of these limits (e.g. an account's failures from an address, after it signs in). */
  async reset(limits: Limit[]): Promise<void> {
    if (limits.length === 0) return;
    await this.knex(this.table).whereIn('key', limits.map(rowKey)).delete();
  }

  /** Counters whose window has passed mean nothing. */
  async prune(): Promise<number> {
    return this.knex(this.table).where('resetAt', '<=', this.knex.fn.now()).delete();
  }
}
