import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import { CLIENT_API_PREFIX, PORTAL_IDLE_MINUTES, PORTAL_SIGNED_OUT } from '@corretora/contracts';
import type { Knex } from 'knex';
import type Koa from 'koa';
import { inLockedTransaction, preparedQuery } from './database';
import { HttpError } from './errors';
import { runAsClientActor } from './member-context';

/**
 * The second audience (#61): a client of one brokerage, signed in on its portal by a code sent to
 * them. Their session is not a member's: its own cookie (sent to /api/portal only), its own table,
 * its own guard. A member's cookie never opens an operation of access 'client' and a client's never
 * opens a member's ('signed-in' reads only the member's session): neither guard reads the other's.
 *
 * While a client's request runs, the broker scope narrows every table to their records (the
 * contacts holding their CPF/CNPJ in that brokerage): a table a service did not open to clients
 * (declareTables' `client`) cannot be read at all under a client.
 */
export const CLIENT_COOKIE = 'corretora.client';
/** The cookie goes to the portal's API only: a member's screens never carry it. */
export const CLIENT_COOKIE_PATH = CLIENT_API_PREFIX.replace(/\/$/, '');
export const CLIENT_SESSIONS_TABLE = 'public.client_sessions';

export interface ClientSession {
  /** The brokerage (every record's user_id). */
  userId: string;
  /** The client's CPF (11) or CNPJ (14), as the contacts hold it. */
  document: string;
  /** The brokerage's contacts holding the document, when they signed in. */
  contactIds: number[];
  /** The contact the portal speaks for (the timeline's and the tasks'). */
  contactId: number;
  /** The contact's name, for what the records say was done by the client. */
  name: string;
}

const IDLE_MS = PORTAL_IDLE_MINUTES * 60_000;
/** The idle deadline moves at most once a minute (a read inside that writes nothing). */
const TOUCH_SECONDS = 60;

export function clientCookieName(secure: boolean): string {
  return secure ? `__Host-${CLIENT_COOKIE}` : CLIENT_COOKIE;
}

function hashSid(sid: string): string {
  return createHash('sha256').update(sid).digest('base64url');
}

export async function ensureClientSessionsTable(knex: Knex): Promise<void> {
  await inLockedTransaction(knex, CLIENT_SESSIONS_TABLE, async (trx) => {
    await trx.raw(`create table if not exists ${CLIENT_SESSIONS_TABLE} (
      sid text primary key,
      user_id uuid not null,
      document text not null,
      contact_ids integer[] not null,
      contact_id integer not null,
      name text not null,
      created_at timestamptz not null default now(),
      seen_at timestamptz not null default now(),
      expire timestamptz not null
    )`);
    await trx.raw(`create index if not exists client_sessions_user_idx on ${CLIENT_SESSIONS_TABLE} (user_id, contact_id)`);
    await trx.raw(`create index if not exists client_sessions_expire_idx on ${CLIENT_SESSIONS_TABLE} (expire)`);
  });
}

const requestClient = new AsyncLocalStorage<ClientSession | undefined>();

/** The client a request acts for (undefined: a member, a job, another service). */
export function currentClient(): ClientSession | undefined {
  return requestClient.getStore();
}

/** Runs `work` as the client (tests and the portal's own follow-up work); what it writes is the client's in the audit log. */
export function runAsClient<T>(client: ClientSession, work: () => T, address?: string): T {
  return requestClient.run(client, () => runAsClientActor({ contactId: client.contactId, ...(address ? { address } : {}) }, work));
}

interface ClientState {
  sid?: string;
  client?: ClientSession;
}
const STATE = Symbol('client-session');

function stateOf(ctx: Koa.Context): ClientState {
  const state = (ctx.state as Record<symbol, ClientState | undefined>)[STATE];
  if (!state) throw new Error('client session middleware missing');
  return state;
}

const LOOKUP_SQL = `select user_id as "userId", document, contact_ids as "contactIds", contact_id as "contactId", name,
    seen_at < now() - interval '${TOUCH_SECONDS} seconds' as stale
  from ${CLIENT_SESSIONS_TABLE} where sid = $1 and expire > now()`;

/**
 * Reads the client's cookie (only on the portal's paths, where the browser sends it): one indexed
 * select, the idle deadline moved at most once a minute. Every service mounts it, so a service that
 * answers a client operation (finance's policies) reads the same session.
 */
export function clientSessionMiddleware(knex: Knex, secure: boolean): Koa.Middleware {
  const name = clientCookieName(secure);
  const lookup = preparedQuery<ClientSession & { stale: boolean }>(knex, LOOKUP_SQL);
  return async (ctx, next) => {
    const state: ClientState = {};
    (ctx.state as Record<symbol, ClientState>)[STATE] = state;
    const sid = ctx.path.startsWith(CLIENT_API_PREFIX) ? ctx.cookies.get(name, { signed: true }) : undefined;
    if (sid && /^[\w-]{20,100}$/.test(sid)) {
      const [row] = await lookup([hashSid(sid)]);
      if (row) {
        const { stale, ...client } = row;
        state.sid = sid;
        state.client = client;
        if (stale)
          await knex(CLIENT_SESSIONS_TABLE)
            .where({ sid: hashSid(sid) })
            .update({ seenAt: knex.fn.now(), expire: knex.raw('now() + make_interval(secs => ?)', [IDLE_MS / 1000]) });
      }
    }
    if (state.client) await runAsClient(state.client, next, ctx.ip);
    else await next();
  };
}

/** The guard of every operation of access 'client': a pt-BR 401 without a client's session. */
export const requireClient: Koa.Middleware = async (ctx, next) => {
  if (!stateOf(ctx).client) throw new HttpError(401, PORTAL_SIGNED_OUT);
  await next();
};

/** The signed-in client of the request (behind requireClient). */
export function signedInClient(ctx: Koa.Context): ClientSession {
  const client = stateOf(ctx).client;
  if (!client) throw new HttpError(401, PORTAL_SIGNED_OUT);
  return client;
}

function setClientCookie(ctx: Koa.Context, secure: boolean, value: string | null): void {
  ctx.cookies.set(clientCookieName(secure), value, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    path: secure ? '/' : CLIENT_COOKIE_PATH,
    secure: secure || ctx.secure,
    overwrite: true,
  });
}

/** A client signs in: any session of theirs on this browser ends, a new id is issued (no fixation). */
export async function signInClient(ctx: Koa.Context, knex: Knex, secure: boolean, client: ClientSession): Promise<void> {
  const state = stateOf(ctx);
  const sid = randomBytes(32).toString('base64url');
  await knex.transaction(async (trx) => {
    if (state.sid)
      await trx(CLIENT_SESSIONS_TABLE)
        .where({ sid: hashSid(state.sid) })
        .delete();
    await trx(CLIENT_SESSIONS_TABLE).insert({
      sid: hashSid(sid),
      userId: client.userId,
      document: client.document,
      contactIds: client.contactIds,
      contactId: client.contactId,
      name: client.name,
      expire: trx.raw('now() + make_interval(secs => ?)', [IDLE_MS / 1000]),
    });
  });
  state.sid = sid;
  state.client = client;
  setClientCookie(ctx, secure, sid);
}

export async function signOutClient(ctx: Koa.Context, knex: Knex, secure: boolean): Promise<void> {
  const state = stateOf(ctx);
  if (state.sid)
    await knex(CLIENT_SESSIONS_TABLE)
      .where({ sid: hashSid(state.sid) })
      .delete();
  state.sid = undefined;
  state.client = undefined;
  setClientCookie(ctx, secure, null);
}

/** Every client's session of a brokerage ends (its portal turned off): their next request is a 401. */
export async function endClientSessionsOf(knex: Knex, userId: string): Promise<number> {
  return knex(CLIENT_SESSIONS_TABLE).where({ userId }).delete();
}

export async function deleteExpiredClientSessions(knex: Knex): Promise<number> {
  return knex(CLIENT_SESSIONS_TABLE).where('expire', '<', knex.fn.now()).delete();
}
