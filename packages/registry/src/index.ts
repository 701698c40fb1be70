/**
 * The one registry of the product. Every service (its port and the API prefixes it answers) and
 * every federated remote (the routes it owns, its navigation entries, whether onboarding locks them)
 * is named here once. The gateway (nginx and dev), the dev stack, lint boundaries, the size check,
 * the compose check and the shell's router and side navigation all read it: a new remote is its
 * folder plus one entry below (and its workspace and container build lines).
 *
 * Plain data with no dependencies: Node tools and the browser bundle read the same file.
 */

export interface ApiPrefix {
  /** '/api/x' answers '/api/x' and '/api/x/…', never '/api/xfoo'. */
  prefix: string;
  /** Largest request body the gateway lets through, in nginx notation (default DEFAULT_MAX_BODY). */
  maxBody?: string;
  /**
   * A second service answering the same paths for the records the first does not hold: the first
   * hands a request on by answering with `X-Accel-Redirect: fallbackLocation(fallback)`, and the
   * gateway sends it again, method and body as they came, to this one, whose answer is the answer
   * (/api/imports: contacts in the pipeline, policies in finance).
   */
  fallback?: string;
}

export interface ServiceEntry {
  /** Public port (the gateway's upstream); /internal listens INTERNAL_PORT_OFFSET above it. */
  port: number;
  api: readonly ApiPrefix[];
  /**
   * Exact paths the service answers under another service's prefix, a `:name` standing for one
   * path segment ('/api/team/members/:memberId/commission-rules': the rules are finance's, the
   * member is identity's). They win over every prefix. One that takes a larger body than the
   * gateway's default says so (`{ path, maxBody }`).
   */
  paths?: readonly (string | { path: string; maxBody: string })[];
}

/** The icons the side navigation can show (the shell maps each to its Fluent icon). */
export type NavIcon =
  | 'dashboard'
  | 'tasks'
  | 'conversations'
  | 'pipeline'
  | 'contacts'
  | 'claims'
  | 'policies'
  | 'commissions'
  | 'documents'
  | 'settings'
  | 'profile'
  | 'brokerage'
  | 'privacy';

export interface NavEntry {
  label: string;
  /** Absolute path the entry opens. */
  to: string;
  icon: NavIcon;
  /** Position in the side navigation (Painel, Minhas tarefas, Pipeline, Contatos, Sinistros, Apólices, Comissões, Documentos, Configurações, Meu Perfil, Minha Corretora): lower first. */
  order: number;
  /** Locked (shown, not usable) until the brokerage's onboarding is complete. */
  locked: boolean;
  /** The member roles that see the entry (all when absent): the server refuses the others anyway. */
  roles?: readonly ('owner' | 'admin' | 'producer' | 'assistant')[];
}

export interface RemoteRoute {
  /** First path segment the remote owns: 'settings' serves '/settings' and '/settings/…'. */
  path: string;
  /** Behind the onboarding gate until the brokerage is registered. */
  locked: boolean;
  /**
   * Who the route is for: a member (the default: the side navigation, behind the member's session) or
   * a brokerage's client (the portal, #61: outside the member's layout, no member's session asked).
   */
  audience?: 'member' | 'client';
}

export interface RemoteEntry {
  routes: readonly RemoteRoute[];
  nav: readonly NavEntry[];
}

/** An area the spec names whose remote is not built yet: the shell says so on its route. */
export interface UpcomingArea {
  path: string;
  title: string;
  nav: NavEntry;
}

export const DEFAULT_MAX_BODY = '128k';

/** Each service's /internal listener is this far above its public port (INTERNAL_PORT overrides). */
export const INTERNAL_PORT_OFFSET = 100;

export const SERVICES = {
  identity: {
    port: 4101,
    api: [
      { prefix: '/api/auth' },
      { prefix: '/api/team' },
      { prefix: '/api/invitations' },
      { prefix: '/api/audit' },
      { prefix: '/api/audit.csv' },
    ],
  },
  broker: {
    port: 4102,
    // The profile photo (2 MB) plus its multipart envelope.
    api: [
      { prefix: '/api/broker-profile/photo', maxBody: '3m' },
      // A member's own photo, the same size.
      { prefix: '/api/broker-profile/member-photo', maxBody: '3m' },
      // The brokerage's logo (1 MB) plus its envelope.
      { prefix: '/api/broker-profile/logo', maxBody: '2m' },
      { prefix: '/api/broker-profile' },
      { prefix: '/api/dashboard' },
      { prefix: '/api/clear-data' },
    ],
  },
  catalogues: {
    port: 4103,
    api: [
      { prefix: '/api/products' },
      { prefix: '/api/insurers' },
      { prefix: '/api/lead-sources' },
      { prefix: '/api/reference-data' },
      { prefix: '/api/pipeline-stages' },
      { prefix: '/api/cep' },
    ],
  },
  pipeline: {
    port: 4104,
    api: [
      { prefix: '/api/pipeline' },
      { prefix: '/api/pipeline-leads' },
      { prefix: '/api/pipeline-cards' },
      { prefix: '/api/contacts' },
      // 20 MB of spreadsheet plus the multipart envelope. One door for every kind of import: the
      // pipeline holds the contacts', finance the policies' (an import the pipeline does not hold is finance's).
      { prefix: '/api/imports', maxBody: '21m', fallback: 'finance' },
      { prefix: '/api/message-templates' },
      { prefix: '/api/tasks' },
      { prefix: '/api/search' },
      // The client's data rights: requests, the public privacy page, the record of processing.
      { prefix: '/api/privacy' },
      // WhatsApp as the team's inbox (#62): the provider's settings, Meta's webhook, the conversations.
      { prefix: '/api/whatsapp' },
      { prefix: '/api/conversations' },
    ],
  },
  finance: {
    port: 4105,
    // A member's commission rules live beside the repasse they compute.
    // Equipe › Produção too: the policies and their money are finance's. A deal's quotes as well: they
    // become its policy, carry its insurer's PDF and the commission offered.
    paths: [
      '/api/team/members/:memberId/commission-rules',
      '/api/team/production',
      '/api/team/production.csv',
      '/api/pipeline-cards/:id/quotes',
      '/api/pipeline-cards/:id/quotes/import',
      '/api/pipeline-cards/:id/comparison',
      '/api/pipeline-cards/:id/comparisons',
      '/api/pipeline-cards/:id/disclosure-status',
      // The portal's client reads and reports on the records finance holds (#61), through the kit's client scope.
      '/api/portal/policies',
      '/api/portal/policies/:id/documents',
      '/api/portal/documents/:id/download',
      '/api/portal/instalments',
      '/api/portal/claims',
      // A claim's photo: 10 MB plus the multipart envelope.
      { path: '/api/portal/claims/:id/photos', maxBody: '11m' },
    ],
    api: [
      // An insurer's commission statement: 20 MB of spreadsheet plus the multipart envelope.
      { prefix: '/api/statements', maxBody: '21m' },
      { prefix: '/api/policies' },
      { prefix: '/api/policies.csv' },
      { prefix: '/api/claims' },
      { prefix: '/api/commissions' },
      { prefix: '/api/commissions.csv' },
      { prefix: '/api/receivables' },
      { prefix: '/api/receivables.csv' },
      { prefix: '/api/statement-lines' },
      { prefix: '/api/renewals' },
      { prefix: '/api/repasse' },
      { prefix: '/api/repasse.csv' },
      { prefix: '/api/quotes' },
      { prefix: '/api/comparisons' },
      { prefix: '/api/lines' },
      // Documents (10 MB) and the policy PDF (25 MB, POST /api/documents) plus their multipart envelope.
      { prefix: '/api/documents/upload', maxBody: '11m' },
      { prefix: '/api/documents', maxBody: '26m' },
    ],
  },
  // The client portal (#61): the clients' sign-in by code, their data and requests, and the brokerage's settings.
  portal: {
    port: 4106,
    paths: ['/api/contacts/:id/portal-access', '/api/contacts/:id/portal-invite'],
    api: [{ prefix: '/api/portal' }, { prefix: '/api/portal-settings' }],
  },
} as const satisfies Record<string, ServiceEntry>;

export type ServiceName = keyof typeof SERVICES;

/**
 * How every service's Node starts (dev stack and compose alike): a larger young generation means
 * fewer scavenges under load (measured: the 50-row list's p99 through nginx 36-43 ms -> 28-34 ms).
 */
export const SERVICE_NODE_FLAGS = ['--max-semi-space-size=32'] as const;
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

export const REMOTES = {
  'mfe-broker': {
    routes: [
      { path: 'broker', locked: false },
      { path: 'profile', locked: true },
      { path: 'privacy', locked: true },
    ],
    nav: [
      { label: 'Meu Perfil', to: '/profile', icon: 'profile', order: 90, locked: true },
      // The data subjects' requests (LGPD): owners and admins answer them.
      { label: 'Privacidade', to: '/privacy', icon: 'privacy', order: 95, locked: true, roles: ['owner', 'admin'] },
      { label: 'Minha Corretora', to: '/broker', icon: 'brokerage', order: 100, locked: false },
    ],
  },
  'mfe-pipeline': {
    routes: [
      { path: 'pipeline', locked: true },
      { path: 'contacts', locked: true },
      { path: 'tasks', locked: true },
      // WhatsApp as the team's inbox (#62).
      { path: 'conversations', locked: true },
    ],
    nav: [
      { label: 'Minhas tarefas', to: '/tasks', icon: 'tasks', order: 15, locked: true },
      { label: 'Conversas', to: '/conversations', icon: 'conversations', order: 17, locked: true },
      { label: 'Pipeline', to: '/pipeline', icon: 'pipeline', order: 20, locked: true },
      { label: 'Contatos', to: '/contacts', icon: 'contacts', order: 30, locked: true },
    ],
  },
  'mfe-finance': {
    routes: [
      { path: 'claims', locked: true },
      { path: 'policies', locked: true },
      { path: 'commissions', locked: true },
      { path: 'documents', locked: true },
    ],
    nav: [
      { label: 'Sinistros', to: '/claims', icon: 'claims', order: 40, locked: true },
      { label: 'Apólices', to: '/policies', icon: 'policies', order: 50, locked: true },
      // An assistant sees no money beyond a premium (the commissions API is a 403 for them).
      { label: 'Comissões', to: '/commissions', icon: 'commissions', order: 60, locked: true, roles: ['owner', 'admin', 'producer'] },
      { label: 'Documentos', to: '/documents', icon: 'documents', order: 70, locked: true },
    ],
  },
  'mfe-catalogues': {
    routes: [{ path: 'settings', locked: true }],
    nav: [{ label: 'Configurações', to: '/settings', icon: 'settings', order: 80, locked: true }],
  },
  // The client portal (#61): '/cliente/{brokerage}', for a brokerage's clients, shipped by its own team.
  'mfe-portal': {
    routes: [{ path: 'cliente', locked: false, audience: 'client' }],
    nav: [],
  },
} as const satisfies Record<string, RemoteEntry>;

export type RemoteName = keyof typeof REMOTES;
export const REMOTE_NAMES = Object.keys(REMOTES) as RemoteName[];
/** The route paths a remote owns, as a type: its manifest must provide exactly these. */
export type RemoteRoutePath<Name extends RemoteName> = (typeof REMOTES)[Name]['routes'][number]['path'];

/** The shell's own entry. */
export const SHELL_NAV: readonly NavEntry[] = [{ label: 'Painel', to: '/', icon: 'dashboard', order: 10, locked: true }];

/** Areas planned before their remote exists (the shell shows what is coming on their route). Every area of the spec has its remote now. */
export const UPCOMING_AREAS: readonly UpcomingArea[] = [];

/** Every first path segment an area (a remote's route or an upcoming area) owns. */
export type AreaPath = RemoteRoutePath<RemoteName>;

/** '/settings', '/pipeline', …: how the shell links to an area without writing its path itself. */
export const AREA_PATHS = Object.fromEntries(
  [...REMOTE_NAMES.flatMap((name) => REMOTES[name].routes as readonly RemoteRoute[]), ...UPCOMING_AREAS].map((area) => [
    area.path,
    `/${area.path}`,
  ]),
) as { readonly [Path in AreaPath]: `/${Path}` };

/** Every API route, longest prefix first (so '/api/broker-profile/photo' wins over '/api/broker-profile'). */
export const API_ROUTES = SERVICE_NAMES.flatMap((service) => SERVICES[service].api.map((route: ApiPrefix) => ({ ...route, service }))).sort(
  (a, b) => b.prefix.length - a.prefix.length,
) as readonly (Omit<ApiPrefix, 'fallback'> & {
  service: ServiceName;
  /** A service of the registry (its test says so). */
  fallback?: ServiceName;
})[];

/** An exact path of API_PATHS: its service, and the pattern it matches (each `:name` one segment). */
export interface ApiPath {
  path: string;
  service: ServiceName;
  /** Largest request body the gateway lets through (default DEFAULT_MAX_BODY). */
  maxBody?: string;
  /** The path as a regular expression over the request's path (nginx's `location ~` takes it as is). */
  pattern: string;
}

export const API_PATHS: readonly ApiPath[] = SERVICE_NAMES.flatMap(
  (service) =>
    (SERVICES[service] as ServiceEntry).paths?.map((entry) => {
      const { path, maxBody } = typeof entry === 'string' ? { path: entry, maxBody: undefined } : entry;
      return {
        path,
        service,
        ...(maxBody ? { maxBody } : {}),
        pattern: `^${path.replace(/[.]/g, '\\.').replace(/:[a-zA-Z]+/g, '[^/]+')}$`,
      };
    }) ?? [],
);

/** The side navigation: the shell's entry, every remote's and the upcoming areas', in order. */
export function navigation(): NavEntry[] {
  return [
    ...SHELL_NAV,
    ...REMOTE_NAMES.flatMap((name) => REMOTES[name].nav as readonly NavEntry[]),
    ...UPCOMING_AREAS.map((area): NavEntry => area.nav),
  ].sort((a, b) => a.order - b.order);
}

/** Every route a remote serves, with its owner. */
export function remoteRoutes(): (RemoteRoute & { remote: RemoteName })[] {
  return REMOTE_NAMES.flatMap((remote) => (REMOTES[remote].routes as readonly RemoteRoute[]).map((route) => ({ ...route, remote })));
}

/** The remote route a page's path belongs to (`/policies`, `/policies/...`), if any. */
export function remoteRouteOf(pathname: string): (RemoteRoute & { remote: RemoteName }) | undefined {
  return remoteRoutes().find((route) => pathname === `/${route.path}` || pathname.startsWith(`/${route.path}/`));
}

/**
 * What a service answers in X-Accel-Redirect to hand a request of a route with a `fallback` on to
 * that service (nginx: a named location; the dev gateway reads the same header).
 */
export function fallbackLocation(service: ServiceName): string {
  return `@hand-on-${service}`;
}

/** The environment variable naming where the other services reach a service's /internal listener. */
export function internalUrlEnv(service: ServiceName): string {
  return `${service.toUpperCase()}_INTERNAL_URL`;
}
