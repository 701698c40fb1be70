import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { allOperations } from '@corretora/contracts';
import { API_ROUTES, openApiDocument, writeApiDocs } from '@corretora/gateway-kit';
import { createObjectStore, type Service } from '@corretora/service-kit';
import { createTestDatabase, testConfig } from '@corretora/service-kit/testing';
import { createBrokerService } from '../../services/broker/src/app';
import { createCataloguesService } from '../../services/catalogues/src/app';
import { createFinanceService } from '../../services/finance/src/app';
import { createIdentityService } from '../../services/identity/src/app';
import { createPipelineService } from '../../services/pipeline/src/app';
import { createPortalService } from '../../services/portal/src/app';

/**
 * The API reference is the operations table, and the table is what the services answer: every
 * route a service registers is in the document (or, for /internal, in the table's internal
 * operations), and nothing in either is a route no service answers.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const services: Service[] = [];
let outbox: string;

beforeAll(async () => {
  database = await createTestDatabase();
  outbox = await mkdtemp(path.join(os.tmpdir(), 'openapi-outbox-'));
  const url = database.url;
  const nowhere = 'http://127.0.0.1:9';
  const store = createObjectStore();
  services.push(
    await createIdentityService({
      ...testConfig('identity', url),
      smtpUrl: null,
      mailFrom: 'CRM <crm@test>',
      outboxDir: outbox,
      registerLimitPerHour: 20,
      brokerUrl: null,
      pipelineUrl: null,
      financeUrl: null,
    }),
    await createBrokerService({ ...testConfig('broker', url), cataloguesUrl: nowhere, pipelineUrl: nowhere, financeUrl: nowhere }, store),
    await createCataloguesService({ ...testConfig('catalogues', url), insurerPasswordKey: randomBytes(32) }),
    await createPipelineService({ ...testConfig('pipeline', url), cataloguesUrl: nowhere, financeUrl: nowhere }),
    await createFinanceService({ ...testConfig('finance', url), pipelineUrl: nowhere, cataloguesUrl: nowhere, identityUrl: null }, store),
    await createPortalService({ ...testConfig('portal', url), pipelineUrl: nowhere, brokerUrl: nowhere, identityUrl: nowhere }),
  );
}, 60_000);

afterAll(async () => {
  for (const service of services) await service.close();
  await database?.drop();
  await rm(outbox, { recursive: true, force: true });
});

const key = (method: string, route: string) => `${method.toUpperCase()} ${route}`;

/**
 * The document through @seriousme/openapi-schema-validator (the OpenAPI 3.1 JSON Schema, with
 * Ajv): an ES module only, so it runs in a Node of its own, the document on its stdin.
 */
function validateOpenApi(document: unknown): { valid: boolean; errors?: unknown } {
  const script = `import { Validator } from '@seriousme/openapi-schema-validator';
    let input = '';
    process.stdin.on('data', (chunk) => (input += chunk));
    process.stdin.on('end', async () => process.stdout.write(JSON.stringify(await new Validator().validate(JSON.parse(input)))));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    input: JSON.stringify(document),
    cwd: path.join(__dirname, '..'),
  });
  return JSON.parse(output.toString()) as { valid: boolean; errors?: unknown };
}

test('the document names exactly the public routes the services answer, and the table the internal ones', () => {
  const document = openApiDocument() as { paths: Record<string, Record<string, unknown>> };
  const documented = Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.keys(methods).map((method) => key(method, route.replace(/\{(\w+)\}/g, ':$1'))),
  );
  const answered = services.flatMap((service) => service.routes.public.map((route) => key(route.method, route.path)));
  expect([...documented].sort()).toEqual([...new Set(answered)].sort());
  // Two services answer one route only behind a door they share (the first hands on what it does not hold).
  const shared = API_ROUTES.filter((route) => route.fallback).map((route) => route.prefix);
  const twice = answered.filter((entry, index) => answered.indexOf(entry) !== index);
  expect(twice.filter((entry) => !shared.some((prefix) => entry.split(' ')[1]!.startsWith(prefix)))).toEqual([]);
  expect(twice.length).toBeGreaterThan(0);

  const internalOperations = allOperations()
    .filter((op) => op.access === 'internal')
    .map((op) => key(op.method, op.path));
  const internalRoutes = services.flatMap((service) => service.routes.internal.map((route) => key(route.method, route.path)));
  expect(internalRoutes.sort()).toEqual(internalOperations.sort());
  expect(documented.some((entry) => entry.includes('/internal/'))).toBe(false);
});

test('the document is valid OpenAPI 3.1, one operationId each, and the reference page is written beside it', async () => {
  const document = openApiDocument();
  const result = validateOpenApi(document);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  const ids = allOperations().map((op) => op.id);
  expect(new Set(ids).size).toBe(ids.length);
  const operations = Object.values((document as { paths: Record<string, Record<string, { summary?: string }>> }).paths).flatMap((methods) =>
    Object.values(methods),
  );
  expect(operations.filter((entry) => !entry.summary)).toEqual([]);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'api-docs-'));
  try {
    await writeApiDocs(dir);
    expect(JSON.parse(await readFile(path.join(dir, 'openapi.json'), 'utf8'))).toEqual(document);
    const page = await readFile(path.join(dir, 'index.html'), 'utf8');
    // Same-origin scripts only (the site's CSP): no inline script, no CDN.
    expect(page).not.toMatch(/<script>(?!<\/script>)/);
    expect(page).not.toMatch(/https?:\/\//);
    expect((await readFile(path.join(dir, 'swagger-ui-bundle.js'))).length).toBeGreaterThan(100_000);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the reference groups the operations in pt-BR', () => {
  const document = openApiDocument() as { paths: Record<string, Record<string, { tags: string[] }>> };
  expect(document.paths['/api/search']!.get!.tags).toEqual(['Busca']);
  expect(document.paths['/api/policies']!.get!.tags).toEqual(['Apólices']);
  expect(document.paths['/api/tasks']!.get!.tags).toEqual(['Minhas tarefas']);
  const tags = new Set(Object.values(document.paths).flatMap((path) => Object.values(path).flatMap((operation) => operation.tags)));
  // No group is left with its code name (camelCase or a lower-case English word).
  for (const tag of tags) expect([tag, /^[a-z]/.test(tag)]).toEqual([tag, false]);
});

test('every date and month the API takes says its format or pattern (#57): a check alone publishes a bare string', () => {
  const document = openApiDocument() as {
    paths: Record<
      string,
      Record<string, { parameters?: { name: string; schema: unknown }[]; requestBody?: { content: Record<string, { schema: unknown }> } }>
    >;
  };
  type Node = {
    format?: string;
    pattern?: string;
    anyOf?: Node[];
    oneOf?: Node[];
    properties?: Record<string, Node>;
    items?: Node;
    type?: string;
  };
  /** Names that hold a day, an instant or a month (not counts such as monthlyPolicies or untilMonth). */
  const DATED = /(^date|Date$|At$|On$|^from$|^to$|^month$|^until$|Expiry$|^startDate|^endDate)/;
  const described = (node: Node): boolean =>
    Boolean(node.format || node.pattern) || [...(node.anyOf ?? []), ...(node.oneOf ?? [])].some((alternative) => described(alternative));
  const bare: string[] = [];
  const walk = (node: Node | undefined, where: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [name, property] of Object.entries(node.properties ?? {})) {
      if (DATED.test(name) && !described(property)) bare.push(`${where}.${name}`);
      walk(property, `${where}.${name}`);
      walk(property.items, `${where}.${name}[]`);
    }
    for (const alternative of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) walk(alternative, where);
  };
  let seen = 0;
  for (const [route, methods] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(methods)) {
      for (const parameter of operation.parameters ?? []) {
        if (!DATED.test(parameter.name)) continue;
        seen += 1;
        if (!described(parameter.schema as Node)) bare.push(`${method} ${route} ?${parameter.name}`);
      }
      for (const content of Object.values(operation.requestBody?.content ?? {})) walk(content.schema as Node, `${method} ${route}`);
    }
  expect(bare).toEqual([]);
  expect(seen).toBeGreaterThan(5);
  const report = document.paths['/api/renewals/report']!.get!.parameters!.find((parameter) => parameter.name === 'from')!;
  expect(report.schema).toMatchObject({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });
});
