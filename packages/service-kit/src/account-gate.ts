import { AsyncLocalStorage } from 'node:async_hooks';
import type { Knex } from 'knex';
import { TRIGGER_DDL_LOCK, inLockedTransaction } from './database';
import { ACCOUNT_CLEARED_SQLSTATE, ACCOUNT_CLEARING_SQLSTATE, HttpError } from './errors';

/**
 * The account gate: what keeps an account's own writes from outliving Limpar Dados, and whether
 * its onboarding is complete (`onboarded`, read with the session: see requireOnboarding).
 *
 * One row per account in `public.account_gates` (shared by the services, like the sessions):
 * `generation` counts the clears, `clearing_since` is set while one runs. Every table of a
 * service that holds an account's records carries a statement trigger that, after a write, takes
 * the account's gate row FOR SHARE and refuses the write (our SQLSTATEs, a pt-BR 409: errors.ts) when
 *   - a clear is running, or
 *   - the transaction says which generation its request started in (every transaction opened
 *     while a request is served does: `knex.transaction` sets it, see database.ts) and a clear
 *     has happened since: whatever the request checked before (a stage id, a contact, an object
 *     written to the store) may be gone.
 * Starting a clear bumps the generation and sets `clearing_since` with an UPDATE of that row, which
 * waits for every write transaction of the account still open; afterwards no write of the account
 * commits until the clear ends. The clear's own statements run with `corretora.clearing` on.
 */
export const ACCOUNT_GATES_TABLE = 'public.account_gates';
export const CLEAR_BUSY = 'A conta está sendo alterada neste momento. Tente limpar os dados novamente em instantes.';

const GENERATION_SETTING = 'corretora.account_generation';
const CLEARING_SETTING = 'corretora.clearing';

/** The request being served: its account's generation when it started (the session lookup reads it). */
const requestAccount = new AsyncLocalStorage<{ generation: number }>();

export function runWithAccountGeneration<T>(generation: number, work: () => T): T {
  return requestAccount.run({ generation }, work);
}

export function currentAccountGeneration(): number | undefined {
  return requestAccount.getStore()?.generation;
}

/** Sets, for the rest of the transaction, the generation the request started in (if any). */
export async function tagTransaction(trx: Knex.Transaction): Promise<void> {
  const generation = currentAccountGeneration();
  if (generation !== undefined) await trx.raw('select set_config(?, ?, true)', [GENERATION_SETTING, String(generation)]);
}

/** The table, the trigger function (idempotent: every service runs it at start). */
export async function ensureAccountGate(knex: Knex): Promise<void> {
  await inLockedTransaction(knex, ACCOUNT_GATES_TABLE, async (trx) => {
    await trx.raw(`create table if not exists ${ACCOUNT_GATES_TABLE} (
      user_id uuid primary key,
      generation integer not null default 0,
      clearing_since timestamptz
    )`);
    // The broker service keeps it equal to the profile's isOnboardingComplete (a trigger of its own).
    await trx.raw(`alter table ${ACCOUNT_GATES_TABLE} add column if not exists onboarded boolean not null default false`);
    await trx.raw(`create or replace function public.corretora_account_gate() returns trigger language plpgsql as $$
      declare
        expected text := nullif(current_setting('${GENERATION_SETTING}', true), '');
        gate record;
      begin
        if current_setting('${CLEARING_SETTING}', true) = 'on' then return null; end if;
        -- The gate row exists before it is locked: a clear starting now must wait for this write.
        insert into ${ACCOUNT_GATES_TABLE} (user_id) select distinct user_id from written_rows where user_id is not null on conflict do nothing;
        for gate in select g.generation, g.clearing_since from ${ACCOUNT_GATES_TABLE} g
            where g.user_id in (select user_id from written_rows) for share of g loop
          if gate.clearing_since is not null then
            raise exception 'account is being cleared' using errcode = '${ACCOUNT_CLEARING_SQLSTATE}';
          end if;
          if expected is not null and gate.generation <> expected::integer then
            raise exception 'account was cleared during the request' using errcode = '${ACCOUNT_CLEARED_SQLSTATE}';
          end if;
        end loop;
        return null;
      end $$`);
  });
}

/**
 * Puts the gate's trigger on each of a service's account tables (by name, in its own schema). Under
 * an advisory lock, in one transaction: replicas starting together would otherwise replace the same
 * trigger at once, and Postgres fails one of them ('tuple concurrently updated'), which stops that
 * replica at start.
 */
export async function guardAccountTables(knex: Knex, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await inLockedTransaction(knex, TRIGGER_DDL_LOCK, async (trx) => {
    for (const table of tables) {
      for (const event of ['insert', 'update'] as const) {
        await trx.raw(
          `create or replace trigger ?? after ${event} on ?? referencing new table as written_rows for each statement execute function public.corretora_account_gate()`,
          [`${table}_account_gate_${event}`, table],
        );
      }
    }
  });
}

/**
 * Starts Limpar Dados for an account: waits for the account's open write transactions (at most
 * `waitMs`, then a 409), then no write of the account commits until `endClearing`. Answers the
 * clear's generation.
 */
export async function beginClearing(knex: Knex, userId: string, waitMs = 10_000): Promise<number> {
  try {
    return await knex.transaction(async (trx) => {
      await trx.raw(`set local lock_timeout = ${Math.max(1, Math.floor(waitMs))}`);
      const { rows } = await trx.raw<{ rows: { generation: number }[] }>(
        `insert into ${ACCOUNT_GATES_TABLE} (user_id, generation, clearing_since) values (?, 1, now())
         on conflict (user_id) do update set generation = ${ACCOUNT_GATES_TABLE}.generation + 1, clearing_since = now()
         returning generation`,
        [userId],
      );
      return rows[0]!.generation;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') throw new HttpError(409, CLEAR_BUSY);
    throw error;
  }
}

/** Opens the gate again, unless a later clear (a higher generation) started meanwhile: that one ends it. */
export async function endClearing(knex: Knex, userId: string, generation: number): Promise<void> {
  await knex(ACCOUNT_GATES_TABLE).where({ userId, generation }).update({ clearingSince: null });
}

/** A transaction of the clear itself: its writes (the catalogues' defaults) pass the gate. */
export function clearingTransaction<T>(knex: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return knex.transaction(async (trx) => {
    await trx.raw('select set_config(?, ?, true)', [CLEARING_SETTING, 'on']);
    return work(trx);
  });
}

/**
 * Every transaction the service opens while serving a request carries the generation the request
 * started in (one `set_config` at its start), so the gate can tell a write planned before a clear.
 */
export function tagRequestTransactions(knex: Knex): void {
  const original = knex.transaction.bind(knex) as (...args: unknown[]) => unknown;
  const transaction = (...args: unknown[]) => {
    const [handler, config] = args;
    if (typeof handler !== 'function' || currentAccountGeneration() === undefined) return original(...args);
    return original(async (trx: Knex.Transaction) => {
      await tagTransaction(trx);
      return (handler as (trx: Knex.Transaction) => unknown)(trx);
    }, config);
  };
  Object.defineProperty(knex, 'transaction', { value: transaction, configurable: true, writable: true });
}
