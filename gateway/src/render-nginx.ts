import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVICES, SERVICE_NAMES, renderNginxConfig, type ServiceName } from '@corretora/gateway-kit';

/**
 * Writes the production nginx.conf (used by docker-compose). Upstreams come from <NAME>_UPSTREAM
 * (host:port, e.g. IDENTITY_UPSTREAM=identity:4101), defaulting to the compose service names.
 * APP_URL https adds HSTS; TRUSTED_PROXIES (comma-separated CIDRs of a load balancer in front) is
 * the only source whose X-Forwarded-For nginx believes.
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
    remotesDir: process.env.REMOTES_DIR ?? '/srv/remotes',
    prefixDir: process.env.NGINX_PREFIX ?? '/tmp/nginx',
    https: (process.env.APP_URL ?? '').startsWith('https://'),
    trustedProxies: (process.env.TRUSTED_PROXIES ?? '').split(',').map((entry) => entry.trim()).filter(Boolean),
  }),
);
console.log(`nginx configuration written to ${output}`);
