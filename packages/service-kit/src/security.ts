import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type Koa from 'koa';
import { HttpError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hasBody(ctx: Koa.Context): boolean {
  const length = ctx.get('content-length');
  return Boolean(ctx.get('transfer-encoding')) || (length !== '' && length !== '0');
}

/**
 * Cross-site protection on top of SameSite=Lax: a state-changing request that names an Origin must
 * come from this host, and a body must be JSON or multipart (a cross-site HTML form can send neither
 * without a CORS preflight, which we never grant).
 */
export function sameOriginGuard(): Koa.Middleware {
  return async (ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method)) {
      const origin = ctx.get('origin');
      if (origin) {
        let originHost: string;
        try {
          originHost = new URL(origin).host;
        } catch {
          throw new HttpError(403, 'Origem não permitida.');
        }
        if (originHost !== ctx.host) throw new HttpError(403, 'Origem não permitida.');
      }
      if (hasBody(ctx) && !ctx.is('application/json', 'multipart/form-data')) {
        throw new HttpError(415, 'Tipo de conteúdo não suportado.');
      }
    }
    await next();
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * /internal/* is only for other services: they present the shared token, compared in constant time
 * (both sides hashed first, so not even the length leaks).
 */
export function requireInternalToken(token: string): Koa.Middleware {
  const expected = digest(token);
  return async (ctx, next) => {
    if (!timingSafeEqual(digest(ctx.get('x-internal-token')), expected)) throw new HttpError(403, 'Acesso interno negado.');
    await next();
  };
}

/**
 * helmet's security headers, with helmet's values for these options, worked out once: the
 * headers are the same on every answer, so each request only copies them instead of running
 * helmet's dozen middlewares (and koa-helmet's promise around them).
 */
export function securityHeaders(options: HelmetOptions): Koa.Middleware {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  if (headers.length === 0) throw new Error('helmet set no header: its middleware shape changed.');
  return async (ctx, next) => {
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    await next();
  };
}
