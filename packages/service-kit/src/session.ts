import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Role } from '@corretora/contracts';
import type { Knex } from 'knex';
import type Koa from 'koa';
import { ACCOUNT_GATES_TABLE, runWithAccountGeneration } from './account-gate';
import { preparedQuery } from './database';
import { HttpError } from './errors';
import { runAsMember } from './member-context';

export const SESSION_COOKIE = 'corretora.sid';
/** The session table every service reads; only sign-in inserts into it. */
export const SESSIONS_TABLE = 'public.sessions';

/**
 * The keys that sign the session cookie, in the shape Koa's cookies expect (Keygrip's sign, verify,
 * index) and with Keygrip's signatures (HMAC-SHA1, base64url), so cookies signed by either are the
 * same. Keygrip compares through tsscmp, which draws fresh random bytes and computes two more HMACs
 * on every check (a syscall per request; 7.6 % of a service's busy CPU in a profile under load); here the comparison
 * is `timingSafeEqual` on equal-length digests. The first key signs; any key verifies (rotation).
 */
export class CookieKeys {
  constructor(private readonly keys: readonly string[]) {
    if (keys.length === 0) throw new Error('At least one cookie key is required.');
  }

  private signature(key: string, data: string): string {
    return createHmac('sha1', key).update(data).digest('base64url');
  }

  sign(data: string): string {
    return this.signature(this.keys[0]!, data);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  index(data: string, digest: string): number {
    const given = Buffer.from(String(digest));
    return this.keys.findIndex((key) => {
      const expected = Buffer.from(this.signature(key, data));
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }
}

export interface SessionUser {
  /** The brokerage (the account every record belongs to: the broker scope's id). */
  id: string;
  /** The member who signed in (the brokerage's first owner has the brokerage's id). */
  memberId: string;
  role: Role;
  email: string;
  /** The name they registered with (null for a session of a user without one). */
  name?: string | null;
}

export interface SessionSettings {
  /** A session unused for this long ends (SESSION_IDLE_MINUTES). */
  idleMs: number;
  /** A session ends this long after sign-in, used or not (SESSION_LIFETIME_HOURS). */
  lifetimeMs: number;
  /** Secure cookie with the __Host- prefix (COOKIE_SECURE, on by default when APP_URL is https). */
  secure: boolean;
}

/**
 * The idle deadline moves forward at most this often: a read inside the window writes nothing,
 * and the deadline is at most this much earlier than "last use + idle".
 */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;

/** The session lookup every request sends (exported for the bench's floor, which sends the same). */
export const SESSION_LOOKUP_SQL = `select s.user_id as "userId", coalesce(s.member_id, s.user_id) as "memberId", coalesce(s.role, 'owner') as role, s.email, s.name, s.seen_at < now() - interval '${SESSION_TOUCH_MS / 1000} seconds' as stale,
    case when g.clearing_since is not null then -1 else coalesce(g.generation, 0) end as generation, coalesce(g.onboarded, false) as onboarded
  from public.sessions s left join ${ACCOUNT_GATES_TABLE} g on g.user_id = s.user_id
  where s.sid = $1 and s.expire > now() and s.absolute_expire > now()`;

export function sessionCookieName(secure: boolean): string {
  // __Host-: only over https, only for this exact host, path / (no subdomain can plant or read it).
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** The table keeps a hash of each id: a leaked table or backup holds no usable cookie. */
function hashSid(sid: string): string {
  return createHash('sha256').update(sid).digest('base64url');
}

interface SessionState {
  knex: Knex;
  settings: SessionSettings;
  sid?: string;
  user?: SessionUser;
  /** The brokerage's onboarding is complete (read with the session). */
  onboarded?: boolean;
}

const STATE = Symbol('session');

function stateOf(ctx: Koa.Context): SessionState {
  const state = (ctx.state as Record<symbol, SessionState | undefined>)[STATE];
  if (!state) throw new Error('session middleware missing');
  return state;
}

/**
 * Reads the signed session cookie: one indexed select per request. The idle deadline is moved only
 * when the last move is older than SESSION_TOUCH_MS, with an UPDATE: a row that sign-out or a
 * password reset deleted can never come back.
 */
export function sessionMiddleware(knex: Knex, settings: SessionSettings): Koa.Middleware {
  const name = sessionCookieName(settings.secure);
  // A prepared statement straight on the pool: this runs on every request.
  const lookup = preparedQuery<{
    userId: string;
    memberId: string;
    role: Role;
    email: string;
    name: string | null;
    stale: boolean;
    generation: number;
    onboarded: boolean;
  }>(knex, SESSION_LOOKUP_SQL);
  return async (ctx, next) => {
    // Behind a TLS-terminating proxy the request looks like http; the configuration says otherwise.
    if (settings.secure) ctx.cookies.secure = true;
    const state: SessionState = { knex, settings };
    (ctx.state as Record<symbol, SessionState>)[STATE] = state;
    const sid = ctx.cookies.get(name, { signed: true });
    let generation = 0;
    if (sid && /^[\w-]{20,100}$/.test(sid)) {
      const [row] = await lookup([hashSid(sid)]);
      if (row) {
        generation = row.generation;
        state.onboarded = row.onboarded;
        state.sid = sid;
        state.user = { id: row.userId, memberId: row.memberId, role: row.role, email: row.email, name: row.name };
        if (row.stale) {
          await knex(SESSIONS_TABLE)
            .where({ sid: hashSid(sid) })
            .update({
              seenAt: knex.fn.now(),
              expire: knex.raw('least(now() + make_interval(secs => ?), absolute_expire)', [settings.idleMs / 1000]),
            });
        }
      }
    }
    // The account's generation when the request started (-1 while a clear runs: no transaction
    // opened by this request may commit a write of the account, see account-gate.ts).
    const user = state.user;
    if (user) await runWithAccountGeneration(generation, () => runAsMember({ id: user.memberId, role: user.role, address: ctx.ip }, next));
    else await next();
  };
}

function setCookie(ctx: Koa.Context, settings: SessionSettings, value: string | null, maxAge?: number): void {
  const name = sessionCookieName(settings.secure);
  ctx.cookies.set(name, value, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: settings.secure || ctx.secure,
    overwrite: true,
    ...(maxAge === undefined ? {} : { maxAge }),
  });
}

/** Inserts a session row for the user and returns its (unhashed) id. The only insert into the table. */
export async function createSession(
  knex: Knex | Knex.Transaction,
  user: SessionUser,
  settings: Pick<SessionSettings, 'idleMs' | 'lifetimeMs'>,
): Promise<string> {
  const sid = randomBytes(32).toString('base64url');
  await knex(SESSIONS_TABLE).insert({
    sid: hashSid(sid),
    userId: user.id,
    memberId: user.memberId,
    role: user.role,
    email: user.email,
    name: user.name ?? null,
    seenAt: knex.fn.now(),
    expire: knex.raw('now() + make_interval(secs => ?)', [Math.min(settings.idleMs, settings.lifetimeMs) / 1000]),
    absoluteExpire: knex.raw('now() + make_interval(secs => ?)', [settings.lifetimeMs / 1000]),
  });
  return sid;
}

export function currentUser(ctx: Koa.Context): SessionUser {
  const user = ctx.state.user as SessionUser | undefined;
  if (!user) throw new HttpError(401, 'Não autenticado.');
  return user;
}

/** The signed-in user of the request, if any (before requireUser has run). */
export function signedInUser(ctx: Koa.Context): SessionUser | undefined {
  return stateOf(ctx).user;
}

/** Guard for every protected route: a 401 JSON answer without a valid session. */
export const requireUser: Koa.Middleware = async (ctx, next) => {
  const user = stateOf(ctx).user;
  if (!user) throw new HttpError(401, 'Não autenticado.');
  ctx.state.user = user;
  await next();
};

export const ONBOARDING_REQUIRED = 'Conclua o cadastro da corretora em Minha Corretora para liberar esta área.';

/**
 * The onboarding gate on the server (the navigation's lock, enforced): a signed-in broker whose
 * onboarding is not complete gets a pt-BR 403 naming the missing step. Anonymous requests pass on
 * (requireUser answers them). Whole services take it through createService's `requiresOnboarding`;
 * the broker service puts it on its locked routes (the dashboard figures, the profile photo).
 */
export const requireOnboarding: Koa.Middleware = async (ctx, next) => {
  const state = stateOf(ctx);
  if (state.user && !state.onboarded) throw new HttpError(403, ONBOARDING_REQUIRED);
  await next();
};

/**
 * Reads the member again inside the transaction that writes their session, holding their row
 * (`for share`) until it commits: the member as they are now (their current role), or it throws
 * (disabled, their password changed since it was checked). A disable, a role change or a password
 * reset updates that row first and ends (or re-roles) the sessions after: it waits for this
 * transaction, so a session is either written before and then ended, or written with the member's
 * new state, never from a read made before the change (sign-ins racing a disable kept working).
 */
export type ConfirmMember = (trx: Knex.Transaction) => Promise<SessionUser>;

/** Login: the old session (if any) ends and a new id is issued (no fixation). */
export async function signIn(ctx: Koa.Context, user: SessionUser, confirm?: ConfirmMember): Promise<void> {
  const state = stateOf(ctx);
  if (state.sid)
    await state
      .knex(SESSIONS_TABLE)
      .where({ sid: hashSid(state.sid) })
      .delete();
  const [sid, current] = confirm
    ? await state.knex.transaction(async (trx) => {
        const confirmed = await confirm(trx);
        return [await createSession(trx, confirmed, state.settings), confirmed] as const;
      })
    : [await createSession(state.knex, user, state.settings), user];
  state.sid = sid;
  state.user = current;
  setCookie(ctx, state.settings, sid, state.settings.lifetimeMs);
}

export async function signOut(ctx: Koa.Context): Promise<void> {
  const state = stateOf(ctx);
  if (state.sid)
    await state
      .knex(SESSIONS_TABLE)
      .where({ sid: hashSid(state.sid) })
      .delete();
  state.sid = undefined;
  state.user = undefined;
  setCookie(ctx, state.settings, null);
}

/** Ends every session of a member (a password reset, a member disabled): their next request is signed out. */
export async function destroySessionsOf(knex: Knex, memberId: string): Promise<number> {
  return knex(SESSIONS_TABLE).where({ memberId }).orWhereRaw('member_id is null and user_id = ?', [memberId]).delete();
}

/** A member's new role reaches their open sessions at once (the next request is checked with it). */
export async function setSessionsRole(knex: Knex, memberId: string, role: Role): Promise<number> {
  return knex(SESSIONS_TABLE).where({ memberId }).orWhereRaw('member_id is null and user_id = ?', [memberId]).update({ role, memberId });
}

/** A member's new name or e-mail reaches their open sessions (what the screens and the audit show of them). */
export async function setSessionsIdentity(knex: Knex, memberId: string, identity: { email: string; name: string | null }): Promise<number> {
  return knex(SESSIONS_TABLE).where({ memberId }).orWhereRaw('member_id is null and user_id = ?', [memberId]).update(identity);
}

export async function deleteExpiredSessions(knex: Knex): Promise<number> {
  return knex(SESSIONS_TABLE).where('expire', '<', knex.fn.now()).orWhere('absoluteExpire', '<', knex.fn.now()).delete();
}
