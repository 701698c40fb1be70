import { AUTH_OPERATIONS } from '@corretora/contracts';
import type Koa from 'koa';
import { BROKERAGE_SHARE, type AccountLimits } from './config';
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
 * Per-member limits of every service's public API, under a ceiling per brokerage, counted together
 * (public.account_rate_limits): each write (any method but GET/HEAD/OPTIONS, sign-out apart) of a
 * signed-in member counts one against theirs and one against their brokerage's, whatever it does
 * (an import of many rows is one request), and an upload counts one more against its own, smaller
 * limits (singleFileUpload asks, before reading the body). One member's burst (an import, a
 * script) slows only them; the brokerage's ceiling, several members' worth, bounds them all.
 * Over a limit: a pt-BR 429 with Retry-After. Anonymous requests are identity's, limited by address there.
 */
export function accountLimits(limiter: RateLimiter, limits: AccountLimits): Koa.Middleware {
  const brokerageWrites = limits.brokerageWritesPerMinute ?? BROKERAGE_SHARE * limits.writesPerMinute;
  const brokerageUploads = limits.brokerageUploadsPerMinute ?? BROKERAGE_SHARE * limits.uploadsPerMinute;
  return async (ctx, next) => {
    const user = signedInUser(ctx);
    if (!user) return next();
    const counted: Limit[] = [];
    /**
     * The member's and the brokerage's, in one statement: refused at either, the other gets its count
     * back — a member over theirs spends none of their colleagues' room.
     */
    const count = async (kind: string, perMember: number, perBrokerage: number, message: string) => {
      const limits: Limit[] = [
        { name: `member:${kind}`, key: `${user.id}:${user.memberId}`, max: perMember, windowSeconds: WINDOW_SECONDS, message },
        { name: `account:${kind}`, key: user.id, max: perBrokerage, windowSeconds: WINDOW_SECONDS, message },
      ];
      await limiter.consumeTogether(limits);
      counted.push(...limits);
    };
    (ctx.state as Record<symbol, () => Promise<void>>)[UPLOADS] = () =>
      count('uploads', limits.uploadsPerMinute, brokerageUploads, TOO_MANY_UPLOADS);
    if (!SAFE_METHODS.has(ctx.method) && !NOT_WRITES.has(ctx.path))
      await count('writes', limits.writesPerMinute, brokerageWrites, TOO_MANY_WRITES);
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
