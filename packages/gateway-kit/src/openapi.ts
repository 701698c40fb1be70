import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ROLE_LABELS,
  LINE_KEYS,
  PRIVACY_SLUG_PATTERN,
  TASK_ID_PATTERN,
  allOperations,
  isDayOrInstant,
  isIsoDate,
  isIsoMonth,
  isIsoTimestamp,
  isTypedDate,
  isTypedDateOrNone,
  operationSchemas,
  paramKind,
  pathParamNames,
  type AnyOperation,
  type ParamKind,
} from '@corretora/contracts';
import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema';

type Schema = Parameters<typeof toJsonSchema>[0];

const MONTH_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])$';
const TYPED_DATE = { format: 'date', description: 'Data: AAAA-MM-DD (dd/mm/aaaa também é aceito).' };
/**
 * The wire's date checks, by identity (contracts' br/date.ts), and what each says in JSON Schema
 *: a check is code, which the conversion would drop, publishing a date as a bare string.
 * Here rather than as metadata in the schemas: the browsers' bundles carry none of it.
 */
const WIRE_CHECKS = new Map<unknown, JsonSchema>([
  [isIsoDate, { format: 'date' }],
  [isIsoTimestamp, { format: 'date-time' }],
  [isIsoMonth, { pattern: MONTH_PATTERN, description: 'Mês: AAAA-MM.' }],
  [isTypedDate, TYPED_DATE],
  [isTypedDateOrNone, TYPED_DATE],
  [isDayOrInstant, { anyOf: [{ format: 'date' }, { format: 'date-time' }], description: 'Um dia (AAAA-MM-DD) ou um instante (ISO 8601).' }],
]);

/** What a request's fields are on the wire (the schemas' input side); checks JSON Schema cannot say are left to the prose. */
function jsonSchema(schema: unknown): JsonSchema {
  // OpenAPI 3.1's dialect is draft 2020-12 already: no $schema inside the document.
  const { $schema: _dialect, ...rest } = toJsonSchema(schema as Schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'ignore',
    overrideAction: ({ valibotAction, jsonSchema: converted }) => {
      const known = valibotAction.type === 'check' ? WIRE_CHECKS.get((valibotAction as { requirement?: unknown }).requirement) : undefined;
      return known ? { ...converted, ...known } : undefined;
    },
  }) as JsonSchema & { $schema?: string };
  return rest;
}

/** `/api/claims/:id` → `/api/claims/{id}` */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}

const ERROR = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'O que houve, em português.' },
    issues: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
  },
};

const PARAM_SCHEMAS: Record<ParamKind, Record<string, unknown>> = {
  uuid: { type: 'string', format: 'uuid' },
  task: { type: 'string', pattern: TASK_ID_PATTERN.source },
  cep: { type: 'string', pattern: '^\\d{5}-?\\d{3}$' },
  token: { type: 'string', pattern: '^[\\w-]{20,100}$' },
  month: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
  slug: { type: 'string', pattern: PRIVACY_SLUG_PATTERN.source },
  line: { type: 'string', enum: LINE_KEYS },
  id: { type: 'integer', minimum: 1, maximum: 2147483647 },
};

function operationObject(op: AnyOperation): Record<string, unknown> {
  const schemas = operationSchemas(op);
  const parameters: Record<string, unknown>[] = pathParamNames(op.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: PARAM_SCHEMAS[paramKind(name)],
  }));
  if (schemas.query) {
    const query = jsonSchema(schemas.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {}))
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
  }
  const body = schemas.body
    ? { 'application/json': { schema: jsonSchema(schemas.body) } }
    : schemas.bodyOneOf
      ? { 'application/json': { schema: { oneOf: schemas.bodyOneOf.map(jsonSchema) } } }
      : op.upload && schemas.upload
        ? {
            'multipart/form-data': {
              schema: {
                ...(jsonSchema(schemas.upload) as object),
                properties: {
                  ...((jsonSchema(schemas.upload) as { properties?: object }).properties ?? {}),
                  [op.upload.field]: { type: 'string', contentMediaType: 'application/octet-stream' },
                },
              },
            },
          }
        : undefined;
  const status = String(op.status ?? 200);
  const success =
    status === '204'
      ? { description: 'Feito, sem corpo.' }
      : { description: 'Sucesso.', content: { [op.produces ?? 'application/json']: {} } };
  const errors = Object.fromEntries(
    [
      ['400', 'Dados inválidos: a mensagem e os campos.'],
      ...(op.access === 'signed-in'
        ? [
            ['401', 'Sem sessão.'],
            ['403', 'Cadastro da corretora incompleto.'],
            ['429', 'Limite de escritas ou envios por minuto.'],
          ]
        : op.access === 'client'
          ? [['401', 'Sem a sessão do cliente no portal (a de um membro não serve).']]
          : []),
      ['404', 'Não encontrado (o id de outra corretora também).'],
      ['409', 'Conflito com o estado atual.'],
    ].map(([code, description]) => [
      code,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
  return {
    operationId: op.id,
    summary: op.summary ?? schemas.summary,
    // Who may call it: any other role of the brokerage gets a 403.
    ...(op.roles ? { description: `Papéis: ${op.roles.map((role) => ROLE_LABELS[role]).join(', ')}.`, 'x-roles': op.roles } : {}),
    tags: [tagOf(op)],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: { required: Boolean(schemas.body || schemas.upload), content: body } } : {}),
    responses: { [status]: success, ...errors },
    // A member's session, a portal client's (#61: never the other's), or none.
    ...(op.access === 'signed-in'
      ? { security: [{ session: [] }] }
      : op.access === 'client'
        ? { security: [{ clientSession: [] }] }
        : { security: [] }),
  };
}

/** The reference's groups, in the product's language: each operation's domain (the first part of its id). */
const TAGS: Record<string, string> = {
  auth: 'Autenticação',
  account: 'Conta',
  dashboard: 'Painel',
  brokerProfile: 'Minha Corretora',
  cep: 'CEP',
  insurers: 'Seguradoras',
  catalogues: 'Catálogos',
  leadSources: 'Origens de lead',
  products: 'Produtos',
  referenceData: 'Dados de referência',
  stages: 'Etapas do pipeline',
  pipeline: 'Pipeline',
  contacts: 'Contatos',
  finance: 'Financeiro',
  documents: 'Documentos',
  policies: 'Apólices',
  claims: 'Sinistros',
  commissions: 'Comissões',
  statementLines: 'Linhas de extrato',
  receivables: 'Recebíveis',
  renewals: 'Renovações',
  imports: 'Importações',
  statements: 'Extratos das seguradoras',
  tasks: 'Minhas tarefas',
  messageTemplates: 'Modelos de mensagem',
  search: 'Busca',
  team: 'Equipe',
  invitation: 'Convites',
  audit: 'Auditoria',
  repasse: 'Repasse',
  quotes: 'Cotações',
  privacy: 'Privacidade (LGPD)',
  portal: 'Portal do cliente',
  whatsapp: 'WhatsApp',
  conversations: 'Conversas (WhatsApp)',
};

/** An operation's group in the reference; a domain without a pt-BR name fails the document (and its test). */
function tagOf(op: AnyOperation): string {
  const domain = op.id.split('.')[0]!;
  const tag = TAGS[domain];
  if (!tag) throw new Error(`the API reference has no pt-BR group for '${domain}' (gateway-kit openapi.ts, TAGS)`);
  return tag;
}

/**
 * The public API as OpenAPI 3.1, generated from the operations table (contracts): paths, path and
 * query parameters, bodies (valibot → JSON Schema, the input side), statuses and the error shape.
 * Internal operations stay out. Answers are documented by their content type: their shapes are
 * TypeScript types (contracts) without runtime schemas.
 */
export function openApiDocument(operations: readonly AnyOperation[] = allOperations()): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations.filter((candidate) => candidate.access !== 'internal')) {
    const entry = (paths[openApiPath(op.path)] ??= {});
    entry[op.method.toLowerCase()] = operationObject(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Corretora CRM API',
      version: '1.0.0',
      description: 'A API do Corretora CRM, atrás do gateway (/api). Sessão por cookie; escritas exigem a origem do próprio site.',
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'corretora.sid' },
        clientSession: { type: 'apiKey', in: 'cookie', name: 'corretora.client' },
      },
      schemas: { Error: ERROR },
    },
    paths,
  };
}

const SWAGGER_UI = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Corretora CRM — referência da API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/docs.css">
</head>
<body>
<main id="api-reference"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

// A file of its own, not an inline script: the site's CSP allows same-origin scripts only.
// The groups start closed (docExpansion 'none'): 28 groups and ~140 operations listed open stopped
// rendering after the third group (Swagger UI 5.35, no error), and a reader looks for one group anyway.
const INIT = `window.addEventListener('load', function () {
  window.SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api-reference', validatorUrl: null, deepLinking: false, tryItOutEnabled: false, supportedSubmitMethods: [], docExpansion: 'none' });
});
`;

/** Swagger UI's colours darkened to WCAG AA contrast (4.5:1) against their backgrounds. */
const STYLES = `.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1a5a99; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1b6e48; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4f00; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f6a62; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #a32119; }
.swagger-ui .info .title small pre, .swagger-ui .info .title small.version-stamp pre { color: #fff; }
.swagger-ui .info .title small { background: #4a5563; }
.swagger-ui .info .title small.version-stamp { background: #1b6e48; }
.swagger-ui .info a, .swagger-ui .info .url, .swagger-ui a.nostyle, .swagger-ui .info__tos a { color: #1a5a99; }
.swagger-ui .btn, .swagger-ui .btn > span { color: #1f2937; }
.swagger-ui .json-schema-2020-12-expand-deep-button, .swagger-ui .json-schema-2020-12__title, .swagger-ui .model-title { color: #1f2937; }
.swagger-ui .opblock-summary-description, .swagger-ui .opblock-tag small, .swagger-ui .opblock .opblock-summary-path { color: #1f2937; }
`;

/**
 * Writes the reference into `dir`: openapi.json, the page (index.html) and its assets, served by
 * nginx and the dev gateway as /api/openapi.json and /api/docs (same origin, under the site's CSP).
 * The renderer is Swagger UI (swagger-ui-dist, maintained, renders OpenAPI 3.1 with no network).
 */
export async function writeApiDocs(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(openApiDocument(), null, 1));
  await writeFile(path.join(dir, 'index.html'), PAGE);
  await writeFile(path.join(dir, 'init.js'), INIT);
  await writeFile(path.join(dir, 'docs.css'), STYLES);
  for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css']) await copyFile(path.join(SWAGGER_UI, asset), path.join(dir, asset));
}
