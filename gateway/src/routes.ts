/**
 * The one route table of the product. The nginx configuration (production) and the dev gateway
 * (`npm start`) are both generated from it, so they can never disagree.
 */
export const SERVICES = {
  identity: { defaultPort: 4101, urlEnv: 'IDENTITY_URL' },
  broker: { defaultPort: 4102, urlEnv: 'BROKER_URL' },
  catalogues: { defaultPort: 4103, urlEnv: 'CATALOGUES_URL' },
} as const;

export type ServiceName = keyof typeof SERVICES;
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

export const API_ROUTES: readonly { prefix: string; service: ServiceName }[] = [
  { prefix: '/api/auth', service: 'identity' },
  { prefix: '/api/broker-profile', service: 'broker' },
  { prefix: '/api/dashboard', service: 'broker' },
  { prefix: '/api/products', service: 'catalogues' },
  { prefix: '/api/insurers', service: 'catalogues' },
  { prefix: '/api/lead-sources', service: 'catalogues' },
  { prefix: '/api/reference-data', service: 'catalogues' },
];

/** Federated remotes, each served from /remotes/<name>/ and announced in /remotes.json. */
export const REMOTES = ['mfe-broker', 'mfe-catalogues'] as const;
export type RemoteName = (typeof REMOTES)[number];

export function remotesManifest(): Record<RemoteName, string> {
  return Object.fromEntries(REMOTES.map((name) => [name, `/remotes/${name}/remoteEntry.js`])) as Record<RemoteName, string>;
}

/** Exact prefix match: '/api/auth' and '/api/auth/…' match, '/api/authx' does not. */
export function matchApiRoute(pathname: string): ServiceName | null {
  for (const route of API_ROUTES) {
    if (pathname === route.prefix || pathname.startsWith(`${route.prefix}/`)) return route.service;
  }
  return null;
}

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
  // Reset links carry a token in the query: never send it to another site.
  'Referrer-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};
