import {
  API_PATHS,
  API_ROUTES,
  DEFAULT_MAX_BODY,
  HASHED_ASSET,
  IMMUTABLE_CACHE,
  REMOTE_ERRORS_PATH,
  REMOTES,
  RESET_PASSWORD_PATH,
  SERVICE_NAMES,
  UNSAFE_REQUEST_URI,
  fallbackLocation,
  staticHeaders,
  type ServiceName,
} from './routes';
import { VERSION_PATTERN } from './remote-store';

export interface NginxOptions {
  listen: number;
  /** host:port of each service, or of each of its replicas */
  upstreams: Record<ServiceName, string | readonly string[]>;
  shellDir: string;
  /** The remote store (remote-store.ts): /remotes/<name>/<version>/… and the live /remotes.json. */
  remoteStoreDir: string;
  /** The API reference written by writeApiDocs: served as /api/openapi.json and /api/docs. */
  docsDir?: string;
  /** Worker user, when the master runs as root and the files are not world-readable (test runs as root). */
  user?: string;
  /** Where nginx keeps its pid and temp files (an unprivileged prefix). */
  prefixDir: string;
  /** 'off' in production logs to stdout via the container; tests silence it. */
  accessLog?: string;
  /**
   * A DNS resolver for the upstreams' names (compose: Docker's, 127.0.0.11): names are then looked up
   * again while nginx runs, so a re-created or scaled service is found without a reload. Needs nginx
   * 1.27.3+ (the image's 1.28); without it, names are resolved once at start.
   */
  resolver?: string;
  /** Where nginx's stub_status answers /nginx_status (compose: 8081, not published); none when unset. */
  statusListen?: string;
  /** Where the shell's reports of an isolated remote go, one JSON line each (default: stderr). */
  remoteErrorLog?: string;
  /** The public URL is https (TLS ends at a load balancer in front): static answers carry HSTS. */
  https?: boolean;
  /**
   * Addresses of load balancers in front of nginx (CIDR). Only their X-Forwarded-For is believed;
   * without any, the client address is the TCP peer nginx sees.
   */
  trustedProxies?: string[];
  /**
   * Requests per client connection before nginx closes it (nginx's default, 1,000, when unset).
   * Only the benchmarks raise it: a load generator writes its next request on a connection nginx
   * is closing and counts an ECONNRESET, where a browser honours `Connection: close`.
   */
  keepaliveRequests?: number;
}

// nginx drops inherited add_header lines in any location that has its own, so every static
// location repeats these.
function addHeaders(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `add_header ${name} "${value}" always;`)
    .join(' ');
}

/** The API reference (writeApiDocs' files): the document and its page, static like the shell. */
function docsLocations(dir: string, security: string): string {
  return `
    location = /api/openapi.json { alias ${dir}/openapi.json; default_type application/json; add_header Cache-Control "no-cache"; ${security} }
    location = /api/docs { alias ${dir}/index.html; default_type text/html; add_header Cache-Control "no-cache"; ${security} }
    location /api/docs/ { alias ${dir}/; add_header Cache-Control "no-cache"; ${security} }`;
}

const json = (status: number, message: string) => `default_type application/json; return ${status} '{"message":"${message}"}';`;
const NOT_FOUND_JSON = json(404, 'Rota não encontrada.');

function apiLocations(): string {
  // A regex location wins over the prefix ones (none of them is '^~'): an exact path of a service
  // under another's prefix (the patterns hold no quote or brace).
  const exact = API_PATHS.map(
    ({ pattern, service, maxBody }) => `
    location ~ "${pattern}" { proxy_pass http://${service};${maxBody ? ` client_max_body_size ${maxBody};` : ''} }`,
  );
  const prefixes = API_ROUTES.map(({ prefix, service, maxBody }) => {
    const body = maxBody ? ` client_max_body_size ${maxBody};` : '';
    return `
    location = ${prefix} { proxy_pass http://${service};${body} }
    location ${prefix}/ { proxy_pass http://${service};${body} }`;
  });
  // Where a service hands a request on (X-Accel-Redirect): nginx sends it again, method and the
  // body it kept, to the route's second service. Reached from a service's answer only.
  const fallbacks = [...new Set(API_ROUTES.flatMap(({ fallback }) => (fallback ? [fallback] : [])))].map(
    (service) => `
    location ${fallbackLocation(service)} { proxy_pass http://${service}; }`,
  );
  return [...exact, ...prefixes, ...fallbacks].join('\n');
}

function realIp(trusted: string[] | undefined): string {
  if (!trusted?.length) return '';
  return `${trusted.map((cidr) => `\n    set_real_ip_from ${cidr};`).join('')}
    real_ip_header X-Forwarded-For;
    real_ip_recursive on;`;
}

/**
 * Each service's replicas: they share the load by open connections (a slow request does not pile
 * more onto its replica); one that refuses or drops a connection is left out for a few seconds (max_fails).
 */
function upstreamBlocks(options: NginxOptions): string {
  return SERVICE_NAMES.map((name) => {
    const servers = ([] as string[]).concat(options.upstreams[name]);
    const lines = servers
      .map((server) => `\n    server ${server}${options.resolver ? ' resolve' : ''} max_fails=1 fail_timeout=3s;`)
      .join('');
    return `
  upstream ${name} {${options.resolver ? `\n    zone ${name} 64k;` : ''}
    least_conn;${lines}
    keepalive 32;
  }`;
  }).join('\n');
}

/** How nginx talks to the services: headers it sets (never what the client sent), retries, timeouts, buffers. */
function proxyDirectives(https: boolean): string {
  return `    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-Host $http_host;
    # The address nginx saw (or, behind a trusted load balancer, the one it reported): never a
    # list the client started.
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto ${https ? 'https' : '$scheme'};
    proxy_set_header X-Internal-Token "";
    proxy_set_header X-Request-Id $request_id;
    add_header X-Request-Id $request_id always;
    # A request another replica may answer instead: one whose replica refused the connection or
    # died before answering. nginx never passes a POST/PATCH/DELETE on once it has sent it (that
    # needs 'non_idempotent', left out on purpose): a write is never sent twice by the gateway.
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 3;
    proxy_next_upstream_timeout 10s;
    proxy_connect_timeout 5s;
    proxy_send_timeout 60s;
    proxy_read_timeout 60s;
    # A 1,000-card board is ~700 KB of JSON: held in memory (allocated only when a response needs
    # it) instead of spilling to a temp file under the default 8 x 4 KB.
    proxy_buffer_size 16k;
    proxy_buffers 64 16k;
    proxy_busy_buffers_size 64k;`;
}

/** What nginx answers itself: its health, the remotes' reports and pointer, the remotes' files, the shell. */
function staticLocations(options: NginxOptions, security: string, remotes: string): string {
  const https = options.https ?? false;
  const hashed = HASHED_ASSET.source.replace(/\(\?:/g, '(');
  return `    # For the container's healthcheck: nginx itself is up and answering.
    location = /healthz {
      access_log off;
      default_type text/plain;
      add_header Cache-Control "no-store";
      return 200 'ok';
    }

    # The shell reports a remote area it had to isolate: logged, answered with nothing.
    location = ${REMOTE_ERRORS_PATH} {
      limit_except POST { deny all; }
      limit_req zone=remote_reports burst=10 nodelay;
      limit_req_status 429;
      access_log ${options.remoteErrorLog ?? '/dev/stderr'} remote_error if=$is_remote_report;
      # Answered after the limit is checked: a 'return' would answer before it, in the rewrite phase.
      root /nonexistent;
      try_files /report =204;
    }

    # What is live now (written by promote): read at every request, never cached without asking.
    location = /remotes.json {
      alias ${options.remoteStoreDir}/remotes.json;
      default_type application/json;
      # Always the whole file: a promote and a rollback in the same second leave a pointer of the same
      # size and second, which an ETag or If-Modified-Since would answer with a 304 (the old one).
      etag off;
      if_modified_since off;
      add_header Cache-Control "no-cache"; ${security}
      error_page 404 = @no-remote-live;
    }
    location @no-remote-live {
      default_type application/json;
      add_header Cache-Control "no-cache"; ${security}
      return 200 '{}';
    }
${remotes}

    # The page that reads a reset token sends no Referer at all.
    location = ${RESET_PASSWORD_PATH} {
      root ${options.shellDir};
      add_header Cache-Control "no-cache"; ${addHeaders(staticHeaders({ https, pathname: RESET_PASSWORD_PATH }))}
      try_files /index.html =404;
    }

    location / {
      root ${options.shellDir};
      location ~ "${hashed}" { expires 1y; add_header Cache-Control "public, max-age=31536000, immutable"; ${security} }
      add_header Cache-Control "no-cache"; ${security}
      # Client-side routes (/dashboard, /broker, …) all load the shell.
      try_files $uri /index.html;
    }`;
}

export function renderNginxConfig(options: NginxOptions): string {
  const https = options.https ?? false;
  const security = addHeaders(staticHeaders({ https }));
  // nginx reads '\\\\' in a quoted string as one backslash: double them so the regex survives.
  const unsafeUri = UNSAFE_REQUEST_URI.replace(/\\/g, '\\\\');
  const upstreams = upstreamBlocks(options);
  // Only a file inside a published version is served: never a pointer, never a folder being copied in.
  const remotes = `
    location ~ "^/remotes/(?<remote>${REMOTES.join('|')})/(?<version>${VERSION_PATTERN})/(?<file>.+)$" {
      alias ${options.remoteStoreDir}/$remote/$version/$file;
      # A version's files never change: all of them are cached for good, remoteEntry.js included.
      add_header Cache-Control "${IMMUTABLE_CACHE}"; ${security}
    }
    location /remotes/ { ${NOT_FOUND_JSON} }`;

  return `# Generated by packages/gateway-kit/src/nginx-config.ts from the route table in packages/gateway-kit/src/routes.ts. Do not edit.
${options.user ? `user ${options.user};\n` : ''}worker_processes auto;
pid ${options.prefixDir}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${options.accessLog ?? '/dev/stdout'};
  # The report's details stay URL-encoded in the line (nginx logs arguments as they came).
${options.resolver ? `  resolver ${options.resolver} valid=10s ipv6=off;\n  resolver_timeout 5s;\n` : ''}  map "$request_method:$status" $is_remote_report { "POST:204" 1; default 0; }
  # A browser reports an isolated remote once per page load: a client sending more is flooding the log.
  limit_req_zone $binary_remote_addr zone=remote_reports:1m rate=30r/m;
  log_format remote_error escape=json '{"time":"$time_iso8601","event":"remote isolated","remote":"$arg_remote","version":"$arg_version","error":"$arg_error","request_id":"$request_id"}';
  client_body_temp_path ${options.prefixDir}/client_body;
  proxy_temp_path ${options.prefixDir}/proxy;
  fastcgi_temp_path ${options.prefixDir}/fastcgi;
  uwsgi_temp_path ${options.prefixDir}/uwsgi;
  scgi_temp_path ${options.prefixDir}/scgi;
  sendfile on;
  server_tokens off;
  keepalive_timeout 65s;
${options.keepaliveRequests ? `  keepalive_requests ${options.keepaliveRequests};\n` : ''}  # JSON bodies everywhere; the routes that take files raise it on their own location.
  client_max_body_size ${DEFAULT_MAX_BODY};

  gzip on;
  gzip_comp_level 5;
  gzip_min_length 1024;
  gzip_types application/javascript application/json text/css text/plain image/svg+xml;
  gzip_vary on;
${upstreams}

  server {
    listen ${options.listen};
${realIp(options.trustedProxies)}
    # Only origin-form targets whose path means the same decoded and raw (no '//host', no dot
    # segments, no encoded '/', '\\' or '.'): the services must see what nginx routed.
    # (answered here, not through error_page: the error location's internal redirect would match again)
    if ($request_uri ~ "${unsafeUri}") { return 400 '{"message":"Requisição inválida."}'; }
    # Every answer nginx writes itself is JSON; static files get their type from mime.types.
    default_type application/json;
    # Plain URIs, not named locations: a request line nginx itself refuses (a NUL, say) has no URI
    # to carry into a named location, and would turn into a 500.
    error_page 400 /__gateway/400.json;
    error_page 413 /__gateway/413.json;
    error_page 502 503 504 /__gateway/502.json;
    location = /__gateway/400.json { internal; ${json(400, 'Requisição inválida.')} }
    location = /__gateway/413.json { internal; ${json(413, 'Requisição muito grande.')} }
    location = /__gateway/502.json { internal; ${json(502, 'Serviço indisponível. Tente novamente.')} }

${proxyDirectives(https)}
${apiLocations()}
${options.docsDir ? docsLocations(options.docsDir, security) : ''}
    # /api paths not in the table (and /internal, never routed) get a JSON 404.
    location /api/ { ${NOT_FOUND_JSON} }
    location /internal/ { ${NOT_FOUND_JSON} }

${staticLocations(options, security, remotes)}
  }
${
  options.statusListen
    ? `
  # nginx's own counters (connections, requests), for monitoring: on a port nobody outside reaches.
  server {
    listen ${options.statusListen};
    access_log off;
    location = /nginx_status { stub_status; }
    location / { return 404; }
  }
`
    : ''
}}
`;
}
