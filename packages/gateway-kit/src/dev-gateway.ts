import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  DEFAULT_MAX_BODY,
  HASHED_ASSET,
  IMMUTABLE_CACHE,
  REMOTE_ERRORS_PATH,
  fallbackLocation,
  isSafeRequestTarget,
  matchApiRoute,
  sizeInBytes,
  staticHeaders,
  type ApiRoute,
  type ServiceName,
} from './routes';
import { isRemoteName, isVersion } from './remote-store';

export interface DevGatewayOptions {
  port: number;
  /** Interface to listen on (default: every interface, like nginx: this is the door users reach). */
  host?: string;
  /** The public URL is https (a TLS proxy in front): static answers carry HSTS. */
  https?: boolean;
  /** Base URL of each service, e.g. http://127.0.0.1:4101 */
  upstreams: Record<ServiceName, string>;
  shellDir: string;
  /** The remote store (remote-store.ts): /remotes/<name>/<version>/… and the live /remotes.json. */
  remoteStoreDir: string;
  /** The API reference written by writeApiDocs: served as /api/openapi.json and /api/docs. */
  docsDir?: string;
  /** Where the shell's reports of an isolated remote go (default: one JSON line on stderr, as nginx). */
  onRemoteError?: (report: Record<string, string>) => void;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

function sendJson(res: http.ServerResponse, status: number, body: unknown, cache = 'no-store'): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': cache });
  res.end(JSON.stringify(body));
}

async function fileIn(root: string, relative: string): Promise<string | null> {
  const file = path.resolve(root, `.${path.posix.normalize(`/${relative}`)}`);
  if (!file.startsWith(path.resolve(root) + path.sep)) return null;
  try {
    return (await stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

/** The API reference's files, as nginx maps them (nginx-config's docsLocations). */
async function docsFile(dir: string, pathname: string): Promise<string | null> {
  if (pathname === '/api/openapi.json') return fileIn(dir, 'openapi.json');
  if (pathname === '/api/docs') return fileIn(dir, 'index.html');
  if (pathname.startsWith('/api/docs/')) return fileIn(dir, pathname.slice('/api/docs/'.length));
  return null;
}

/** What nginx gzips too (its gzip_types); images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt']);
const gzipped = new Map<string, { mtimeMs: number; size: number; body: Buffer }>();

/** A file's gzip, made once per version of the file (the builds are a few MB in all). */
async function gzipOf(file: string): Promise<Buffer> {
  const { mtimeMs, size } = await stat(file);
  const cached = gzipped.get(file);
  if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached.body;
  const body = gzipSync(await readFile(file), { level: 6 });
  gzipped.set(file, { mtimeMs, size, body });
  return body;
}

async function sendFile(req: http.IncomingMessage, res: http.ServerResponse, file: string, headers: Record<string, string>): Promise<void> {
  const base: http.OutgoingHttpHeaders = {
    'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': HASHED_ASSET.test(file) ? IMMUTABLE_CACHE : 'no-cache',
    ...headers,
  };
  if (COMPRESSIBLE.has(path.extname(file))) {
    base.Vary = 'Accept-Encoding';
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      const body = await gzipOf(file);
      res.writeHead(200, { ...base, 'Content-Encoding': 'gzip', 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
  }
  res.writeHead(200, base);
  if (req.method === 'HEAD') res.end();
  else
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
}

/** Hop-by-hop and forwarding headers never pass from the client: the gateway sets its own. */
const DROPPED_REQUEST_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'x-request-id',
  'x-internal-token',
]);

/** The forwarding headers of a request: the client's own, less what only the gateway may set. */
function forwardedHeaders(req: http.IncomingMessage, requestId: string): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!DROPPED_REQUEST_HEADERS.has(name)) headers[name] = value;
  }
  return Object.assign(headers, {
    'x-forwarded-host': req.headers.host ?? '',
    'x-forwarded-proto': 'http',
    'x-forwarded-for': (req.socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
    'x-request-id': requestId,
  });
}

const UNAVAILABLE = { message: 'Serviço indisponível. Tente novamente.' };
const TOO_LARGE = { message: 'Requisição muito grande.' };

/**
 * Forwards to the route's fixed upstream: only the (already checked) path and query of the request
 * travel, never a host from it. The body is counted against the route's limit while it streams.
 * A route with a second service keeps the body (within its limit) so that, when the first hands
 * the request on (X-Accel-Redirect: fallbackLocation), it goes again to the second, as nginx does.
 */
function proxy(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  route: ApiRoute,
  upstreams: DevGatewayOptions['upstreams'],
  requestId: string,
): void {
  const limit = sizeInBytes(route.maxBody ?? DEFAULT_MAX_BODY);
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    return sendJson(res, 413, TOO_LARGE);
  }
  const headers = forwardedHeaders(req, requestId);
  const send = (service: ServiceName, kept: Buffer[] | null): http.ClientRequest => {
    const target = new URL(upstreams[service]);
    const upstream = http.request(
      { protocol: 'http:', hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (answer) => {
        const handOn = answer.headers['x-accel-redirect'];
        if (route.fallback && kept && service === route.service && handOn === fallbackLocation(route.fallback)) {
          // The whole body goes again: a service may answer before it has read all of it.
          const fallback = route.fallback;
          handedOn = true;
          answer.resume();
          const again = () => {
            if (!tooLarge) send(fallback, null).end(Buffer.concat(kept));
          };
          if (req.complete) again();
          else req.once('end', again);
          return;
        }
        const { 'x-accel-redirect': _handOn, ...passed } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, passed);
        answer.on('error', () => res.destroy()).pipe(res);
      },
    );
    upstream.on('error', () => {
      if (tooLarge || (handedOn && service === route.service)) return;
      if (!res.headersSent) sendJson(res, 502, UNAVAILABLE);
      else res.destroy();
    });
    return upstream;
  };
  const kept: Buffer[] | null = route.fallback ? [] : null;
  let tooLarge = false;
  let handedOn = false;
  const upstream = send(route.service, kept);
  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    kept?.push(chunk);
    if (received > limit && !tooLarge) {
      tooLarge = true;
      upstream.destroy();
      req.unpipe(upstream);
      req.resume();
      if (kept) kept.length = 0;
      if (!res.headersSent) sendJson(res, 413, TOO_LARGE);
    }
  });
  req.on('error', () => upstream.destroy());
  req.pipe(upstream);
}

/** The route table served by Node, for `npm start` on a machine without nginx. */
export function startDevGateway(options: DevGatewayOptions): Promise<http.Server> {
  let counter = 0;
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const requestId = `dev-${Date.now().toString(36)}-${(counter += 1)}`;
    res.setHeader('X-Request-Id', requestId);
    const target = req.url ?? '';
    if (!isSafeRequestTarget(target)) return sendJson(res, 400, { message: 'Requisição inválida.' });
    const pathname = new URL(target, 'http://gateway').pathname;

    const route = matchApiRoute(pathname);
    if (route) return proxy(req, res, route, options.upstreams, requestId);
    const docs = options.docsDir ? await docsFile(options.docsDir, pathname) : null;
    if (docs) return sendFile(req, res, docs, staticHeaders({ https: options.https ?? false, pathname }));
    if (pathname.startsWith('/api/') || pathname.startsWith('/internal/')) {
      return sendJson(res, 404, { message: 'Rota não encontrada.' });
    }
    const headers = staticHeaders({ https: options.https ?? false, pathname });
    if (pathname === REMOTE_ERRORS_PATH && req.method === 'POST') {
      const query = new URL(target, 'http://gateway').searchParams;
      const report = {
        time: new Date().toISOString(),
        event: 'remote isolated',
        remote: '',
        version: '',
        error: '',
        request_id: requestId,
      };
      for (const key of ['remote', 'version', 'error'] as const) report[key] = (query.get(key) ?? '').slice(0, 300);
      (options.onRemoteError ?? ((entry) => process.stderr.write(`${JSON.stringify(entry)}\n`)))(report);
      req.resume();
      res.writeHead(204, headers);
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // Static files are only read, as nginx answers them (405).
      req.resume();
      res.setHeader('Allow', 'GET, HEAD');
      return sendJson(res, 405, { message: 'Método não permitido.' });
    }
    if (pathname === '/remotes.json') {
      // What is live now: read at every request, so a promotion shows on the next page load.
      const live = await fileIn(options.remoteStoreDir, 'remotes.json');
      const body = live ? await readFile(live) : Buffer.from('{}');
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache', ...headers });
      return res.end(body);
    }
    if (pathname.startsWith('/remotes/')) {
      // Only inside a published version: never the pointers, never a folder being copied in.
      const [name = '', version = '', ...rest] = pathname.slice('/remotes/'.length).split('/');
      const file =
        isRemoteName(name) && isVersion(version) && rest.length > 0
          ? await fileIn(path.join(options.remoteStoreDir, name, version), rest.join('/'))
          : null;
      if (!file) return sendJson(res, 404, { message: 'Arquivo não encontrado.' });
      // A version's files never change: all of them are cached for good, remoteEntry.js included.
      return sendFile(req, res, file, { ...headers, 'Cache-Control': IMMUTABLE_CACHE });
    }

    const file = (pathname !== '/' && (await fileIn(options.shellDir, pathname))) || path.join(options.shellDir, 'index.html');
    return sendFile(req, res, file, headers);
  };
  const server = http.createServer((req, res) => {
    res.on('error', () => undefined);
    // No request may stop the gateway: whatever one throws ends that request only.
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 400, { message: 'Requisição inválida.' });
      else res.destroy();
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve(server));
  });
}
