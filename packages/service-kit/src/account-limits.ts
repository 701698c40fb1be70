import { AUTH_OPERATIONS } from '@corretora/contracts';
import type Koa from 'koa';
import type { AccountLimits } from './config';
import type { Limit, RateLimiter } from './rate-limit';
import { signedInUser } from './session';

export const TOO_MANY_WRITES = 'Muitas alterações em pouco tempo. Aguarde um minuto e tente novamente.';
export const TOO_MANY_UPLOADS = 'Muitos arquivos enviados em pouco tempo. Aguarde um minuto e tente novamente.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Requests that change nothing of the account's records: an account at its write limit can still sign out. */
const NOT_WRITES = new Set<string>([AUTH_OPERATIONS.logout.path]);
const UPLOADS = Symbol('account-uploads');
const WINDOW_SECONDS = 60;

/**
 * Per-account limits of every service's public API, counted together (public.account_rate_limits):
 * each write (any method but GET/HEAD/OPTIONS, sign-out apart) of a signed-in broker counts one, whatever it does
 * (an import of many rows is one request), and an upload counts one more against its own, smaller
 * limit (singleFileUpload asks, before reading the body). Over a limit: a pt-BR 429 with
 * Retry-After. Anonymous requests are identity's, limited by address there.
 */
export function accountLimits(limiter: RateLimiter, limits: AccountLimits): Koa.Middleware {
  return async (ctx, next) => {
    const user = signedInUser(ctx);
    if (!user) return next();
    const counted: Limit[] = [];
    const count = async (limit: Limit) => {
      await limiter.consume([limit]);
      counted.push(limit);
    };
    (ctx.state as Record<symbol, () => Promise<void>>)[UPLOADS] = () =>
      count({
        name: 'account:uploads',
        key: user.id,
        max: limits.uploadsPerMinute,
        windowSeconds: WINDOW_SECONDS,
        message: TOO_MANY_UPLOADS,
      });
    if (!SAFE_METHODS.has(ctx.method) && !NOT_WRITES.has(ctx.path)) {
      await count({
        name: 'account:writes',
        key: user.id,
        max: limits.writesPerMinute,
        windowSeconds: WINDOW_SECONDS,
        message: TOO_MANY_WRITES,
      });
    }
    try {
      await next();
    } finally {
      // Handed on (a shared door's X-Accel-Redirect): the gateway sends the request to the service
      // that holds it, which counts it there; counted here too, one import step would spend two.
      if (ctx.response.get('X-Accel-Redirect')) await limiter.refund(counted);
    }
  };
}

/** Counts one upload of the request's account, when the app has accountLimits (every service's does). */
export async function countUpload(ctx: Koa.Context): Promise<void> {
  await (ctx.state as Record<symbol, (() => Promise<void>) | undefined>)[UPLOADS]?.();
}
