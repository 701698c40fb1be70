import type { Knex } from 'knex';
import type Koa from 'koa';
import session from 'koa-session';
import { HttpError } from './errors';

export const SESSION_COOKIE = 'corretora.sid';
const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionUser {
  id: string;
  email: string;
}

interface SessionData {
  userId?: string;
  email?: string;
}

/** koa-session store on public.sessions; expired rows are invisible and removed periodically. */
export function createSessionStore(knex: Knex) {
  return {
    async get(key: string): Promise<Record<string, unknown> | null> {
      const row = await knex('public.sessions').where({ sid: key }).andWhere('expire', '>', knex.fn.now()).first('sess');
      return (row?.sess as Record<string, unknown> | undefined) ?? null;
    },
    async set(key: string, sess: Record<string, unknown>, maxAge: number | 'session' | undefined): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : SEVEN_DAYS_MS;
      const expire = new Date(Date.now() + ttl);
      await knex('public.sessions')
        .insert({ sid: key, sess: JSON.stringify(sess), expire })
        .onConflict('sid')
        .merge();
    },
    async destroy(key: string): Promise<void> {
      await knex('public.sessions').where({ sid: key }).delete();
    },
  };
}

export async function deleteExpiredSessions(knex: Knex): Promise<number> {
  return knex('public.sessions').where('expire', '<', knex.fn.now()).delete();
}

export function sessionMiddleware(app: Koa, knex: Knex): Koa.Middleware {
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: SEVEN_DAYS_MS,
      rolling: true,
      renew: false,
      httpOnly: true,
      signed: true,
      sameSite: 'lax',
      // No `secure` here: Koa's cookie jar marks cookies Secure exactly when the request is https
      // (behind nginx: X-Forwarded-Proto with app.proxy = true).
      store: createSessionStore(knex),
    },
    app,
  );
}

export function currentUser(ctx: Koa.Context): SessionUser {
  const user = ctx.state.user as SessionUser | undefined;
  if (!user) throw new HttpError(401, 'Não autenticado.');
  return user;
}

/** Guard for every protected route: a 401 JSON answer without a valid session. */
export const requireUser: Koa.Middleware = async (ctx, next) => {
  const data = ctx.session as SessionData | null | undefined;
  if (!data?.userId || !data.email) throw new HttpError(401, 'Não autenticado.');
  ctx.state.user = { id: data.userId, email: data.email } satisfies SessionUser;
  await next();
};

/** Login: a new session id (no fixation), then the user in it. */
export async function signIn(ctx: Koa.Context, user: SessionUser): Promise<void> {
  if (!ctx.session) throw new Error('session middleware missing');
  await ctx.session.regenerate();
  const data = ctx.session as unknown as SessionData;
  data.userId = user.id;
  data.email = user.email;
}

export function signOut(ctx: Koa.Context): void {
  ctx.session = null;
}

/** Ends every session of a user (after a password reset). */
export async function destroySessionsOf(knex: Knex, userId: string): Promise<void> {
  await knex('public.sessions').whereRaw("sess->>'userId' = ?", [userId]).delete();
}
