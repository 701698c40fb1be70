import {
  API_PATHS,
  API_ROUTES as REGISTERED_ROUTES,
  DEFAULT_MAX_BODY,
  REMOTE_NAMES,
  SERVICES as REGISTERED_SERVICES,
  SERVICE_NAMES,
  fallbackLocation,
  internalUrlEnv,
  type ApiPrefix,
  type RemoteName,
  type ServiceName,
} from '@corretora/registry';

/**
 * The gateway's view of the registry (@corretora/registry): the nginx configuration (production)
 * and the dev gateway (`npm start`) are both generated from it, so they can never disagree.
 */
export { DEFAULT_MAX_BODY, SERVICE_NAMES, fallbackLocation, type RemoteName, type ServiceName };

/** Each service's public port (the upstream) and where the others reach its /internal listener. */
export const SERVICES = Object.fromEntries(
  SERVICE_NAMES.map((name) => [name, { defaultPort: REGISTERED_SERVICES[name].port, internalUrlEnv: internalUrlEnv(name) }]),
) as Record<ServiceName, { defaultPort: number; internalUrlEnv: string }>;

export interface ApiRoute extends Omit<ApiPrefix, 'fallback'> {
  service: ServiceName;
  /** Where a request goes when `service` answers it with a 404 (registry: ApiPrefix.fallback). */
  fallback?: ServiceName;
}

export const API_ROUTES: readonly ApiRoute[] = REGISTERED_ROUTES;
export { API_PATHS };
const PATH_PATTERNS = API_PATHS.map((entry) => ({ entry, pattern: new RegExp(entry.pattern) }));

/** Federated remotes, each served from /remotes/<name>/<version>/ (the remote store) and announced in /remotes.json. */
export const REMOTES: readonly RemoteName[] = REMOTE_NAMES;

/**
 * Exact prefix match: '/api/auth' and '/api/auth/…' match, '/api/authx' does not. The longest
 * prefix wins, as in nginx; an exact path of API_PATHS wins over every prefix.
 */
export function matchApiRoute(pathname: string): ApiRoute | null {
  // An exact path a service answers under another's prefix wins (as nginx's regex location does).
  const exact = PATH_PATTERNS.find(({ pattern }) => pattern.test(pathname));
  if (exact)
    return { prefix: exact.entry.path, service: exact.entry.service, ...(exact.entry.maxBody ? { maxBody: exact.entry.maxBody } : {}) };
  let best: ApiRoute | null = null;
  for (const route of API_ROUTES) {
    if ((pathname === route.prefix || pathname.startsWith(`${route.prefix}/`)) && (!best || route.prefix.length > best.prefix.length)) {
      best = route;
    }
  }
  return best;
}

/** '128k', '3m' → bytes (the nginx size notation of the route table). */
export function sizeInBytes(size: string): number {
  const match = /^(\d+)([km]?)$/i.exec(size);
  if (!match) throw new Error(`not an nginx size: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 * 1024 }[match[2]!.toLowerCase() as '' | 'k' | 'm'];
  return Number(match[1]) * unit;
}

/**
 * The request targets the gateway forwards: origin-form (one leading '/', never '//host' or an
 * absolute URL), and a path that means the same before and after decoding: no dot segments and no
 * encoded '/', backslash or '.', which a service would read differently from the gateway (that is how an
 * encoded '/internal/...' path once reached a service). Anything else is a 400.
 */
export function isSafeRequestTarget(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//')) return false;
  const path = target.split('?', 1)[0]!;
  if (path.includes('\\')) return false;
  if (/%(2f|5c|2e|00)/i.test(path)) return false;
  return !path.split('/').some((segment) => segment === '.' || segment === '..');
}

/** The pattern nginx refuses with 400 (the same rules as isSafeRequestTarget, on $request_uri). */
export const UNSAFE_REQUEST_URI = '^(//|[^?]*(%2[fF]|%5[cC]|%2[eE]|%00|\\\\|/\\.\\.?(/|\\?|$)))';

/** Where the shell reports a remote area it isolated (nginx and the dev gateway log it). */
export const REMOTE_ERRORS_PATH = '/remote-errors';

/** What never changes at its URL: cached for a year, never revalidated. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** Bundles name their chunks with an 8-hex content hash: those never change and are cached for a year. */
export const HASHED_ASSET = /\.[0-9a-f]{8}\.(?:js|css|woff2?|png|svg)$/;

/**
 * Headers of every page and bundle the gateway serves; API answers carry the services' own.
 * Styles allow 'unsafe-inline' because Fluent's Griffel inserts its CSS rules at run time; scripts,
 * connections and frames stay same-origin only.
 */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/** Sent on https only (APP_URL https): browsers then refuse plain http for two years. */
export const HSTS_HEADER = { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } as const;

/**
 * The page that reads a reset token (from its fragment): it never sends a Referer anywhere, so even
 * a token still in the address bar cannot leak from it.
 */
export const RESET_PASSWORD_PATH = '/reset-password';
export const RESET_PAGE_HEADERS = { 'Referrer-Policy': 'no-referrer' } as const;

/** Headers of static answers: the table above, HSTS when served over https, no-referrer on the reset page. */
export function staticHeaders(options: { https: boolean; pathname?: string }): Record<string, string> {
  return {
    ...STATIC_SECURITY_HEADERS,
    ...(options.https ? HSTS_HEADER : {}),
    ...(options.pathname === RESET_PASSWORD_PATH ? RESET_PAGE_HEADERS : {}),
  };
}
