import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVICES, SERVICE_NAMES, renderNginxConfig, writeApiDocs, type ServiceName } from '@corretora/gateway-kit';

/**
 * Writes the production nginx.conf (used by docker-compose). Upstreams come from <NAME>_UPSTREAM
 * (host:port, e.g. IDENTITY_UPSTREAM=identity:4101), defaulting to the compose service names.
 * APP_URL https adds HSTS; TRUSTED_PROXIES (comma-separated CIDRs of a load balancer in front) is
 * the only source whose X-Forwarded-For nginx believes. With a second argument, the API reference
 * (openapi.json and its page) is written into that folder, which the image serves as DOCS_DIR.
 */
const upstreams = Object.fromEntries(
  SERVICE_NAMES.map((name) => [name, process.env[`${name.toUpperCase()}_UPSTREAM`] ?? `${name}:${SERVICES[name].defaultPort}`]),
) as Record<ServiceName, string>;

const output = process.argv[2] ?? path.join(__dirname, '..', 'nginx.conf');
writeFileSync(
  output,
  renderNginxConfig({
    listen: Number(process.env.GATEWAY_PORT ?? 8080),
    upstreams,
    shellDir: process.env.SHELL_DIR ?? '/srv/shell',
    remoteStoreDir: process.env.REMOTE_STORE ?? '/srv/remotes',
    // Docker's embedded DNS: a re-created or scaled service is found again without reloading nginx.
    resolver: process.env.NGINX_RESOLVER ?? '127.0.0.11',
    // stub_status for monitoring, on a port docker-compose does not publish.
    statusListen: process.env.NGINX_STATUS_LISTEN ?? '8081',
    docsDir: process.env.DOCS_DIR ?? '/srv/api-docs',
    prefixDir: process.env.NGINX_PREFIX ?? '/tmp/nginx',
    https: (process.env.APP_URL ?? '').startsWith('https://'),
    trustedProxies: (process.env.TRUSTED_PROXIES ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  }),
);
console.log(`nginx configuration written to ${output}`);
const docs = process.argv[3];
if (docs) void writeApiDocs(docs).then(() => console.log(`API reference written to ${docs}`));
