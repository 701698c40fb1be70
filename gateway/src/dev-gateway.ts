import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { HASHED_ASSET, REMOTES, STATIC_SECURITY_HEADERS, matchApiRoute, remotesManifest, type ServiceName } from './routes';

export interface DevGatewayOptions {
  port: number;
  /** Base URL of each service, e.g. http://127.0.0.1:4101 */
  upstreams: Record<ServiceName, string>;
  shellDir: string;
  remotesDir: string;
  /** In the repo a remote's build is <remotesDir>/<name>/dist; in a deployment it sits at <remotesDir>/<name>. */
  remoteDistSubdir?: string;
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

function sendFile(res: http.ServerResponse, file: string, method: string): void {
  const headers: http.OutgoingHttpHeaders = {
    'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': HASHED_ASSET.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...STATIC_SECURITY_HEADERS,
  };
  res.writeHead(200, headers);
  if (method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}

function proxy(req: http.IncomingMessage, res: http.ServerResponse, target: string, requestId: string): void {
  const url = new URL(req.url ?? '/', target);
  const upstream = http.request(
    url,
    {
      method: req.method,
      headers: {
        ...req.headers,
        'x-forwarded-host': req.headers.host ?? '',
        'x-forwarded-proto': 'http',
        'x-forwarded-for': req.socket.remoteAddress ?? '',
        'x-request-id': requestId,
      },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) sendJson(res, 502, { message: 'Serviço indisponível. Tente novamente.' });
    else res.destroy();
  });
  req.pipe(upstream);
}

/** The route table served by Node, for `npm start` on a machine without nginx. */
export function startDevGateway(options: DevGatewayOptions): Promise<http.Server> {
  let counter = 0;
  const server = http.createServer(async (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://gateway').pathname;
    const requestId = `dev-${Date.now().toString(36)}-${(counter += 1)}`;
    res.setHeader('X-Request-Id', requestId);

    const service = matchApiRoute(pathname);
    if (service) return proxy(req, res, options.upstreams[service], requestId);
    if (pathname.startsWith('/api/') || pathname.startsWith('/internal/')) {
      return sendJson(res, 404, { message: 'Rota não encontrada.' });
    }
    if (pathname === '/remotes.json') return sendJson(res, 200, remotesManifest(), 'no-cache');

    for (const remote of REMOTES) {
      const prefix = `/remotes/${remote}/`;
      if (pathname.startsWith(prefix)) {
        const file = await fileIn(path.join(options.remotesDir, remote, options.remoteDistSubdir ?? ''), pathname.slice(prefix.length));
        if (!file) return sendJson(res, 404, { message: 'Arquivo não encontrado.' });
        return sendFile(res, file, req.method ?? 'GET');
      }
    }

    const file = (pathname !== '/' && (await fileIn(options.shellDir, pathname))) || path.join(options.shellDir, 'index.html');
    return sendFile(res, file, req.method ?? 'GET');
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, () => resolve(server));
  });
}
