import { expect, test, type APIRequestContext } from '@playwright/test';
import { FILE_SAMPLES } from '@corretora/service-kit/file-samples';
import { allOperations } from '@corretora/contracts';
import fc from 'fast-check';
import { registerViaApi, uniqueEmail } from './support/accounts';
import { importPolicies } from './support/book';
import { onboardViaApi } from './support/broker';
import { joinViaApi, portalCodeFor } from './support/outbox';

/**
 * Property: whatever an attacker sends to any write endpoint through nginx (random bodies, ids of
 * another broker, ids beyond any column, NUL characters, malformed JSON, stray multipart), the
 * answer is never a 5xx, and the other broker's data is exactly what it was.
 */
type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; value: string }
  | { kind: 'multipart'; field: string; bytes: number[] }
  | { kind: 'file'; sample: keyof typeof FILE_SAMPLES; fields: Record<string, string> }
  | { kind: 'none' };

interface Endpoint {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** Identity's endpoints run in an anonymous context (signing in or out would end the attacker's session). */
  anonymous?: boolean;
}

const ENDPOINTS: Endpoint[] = [
  { method: 'POST', path: '/api/auth/register', anonymous: true },
  { method: 'POST', path: '/api/auth/login', anonymous: true },
  { method: 'POST', path: '/api/auth/forgot-password', anonymous: true },
  { method: 'POST', path: '/api/auth/reset-password', anonymous: true },
  { method: 'POST', path: '/api/auth/logout', anonymous: true },
  { method: 'PUT', path: '/api/auth/profile' },
  { method: 'PUT', path: '/api/auth/password' },
  { method: 'POST', path: '/api/broker-profile' },
  { method: 'PUT', path: '/api/broker-profile' },
  { method: 'POST', path: '/api/broker-profile/restart' },
  { method: 'POST', path: '/api/broker-profile/photo' },
  { method: 'POST', path: '/api/broker-profile/member-photo' },
  { method: 'POST', path: '/api/broker-profile/logo' },
  { method: 'DELETE', path: '/api/broker-profile/logo' },
  ...['/api/products', '/api/insurers', '/api/lead-sources'].flatMap((base): Endpoint[] => [
    { method: 'POST', path: base },
    { method: 'PATCH', path: `${base}/:id` },
    { method: 'DELETE', path: `${base}/:id` },
  ]),
  { method: 'POST', path: '/api/insurers/:id/reveal-password' },
  { method: 'POST', path: '/api/pipeline' },
  { method: 'PATCH', path: '/api/pipeline/:id' },
  { method: 'DELETE', path: '/api/pipeline/:id' },
  { method: 'POST', path: '/api/pipeline-cards/:id/archive' },
  { method: 'POST', path: '/api/pipeline-cards/:id/unarchive' },
  { method: 'POST', path: '/api/pipeline-cards/:id/confirm-issuance' },
  { method: 'POST', path: '/api/contacts' },
  { method: 'POST', path: '/api/contacts/claims' },
  { method: 'POST', path: '/api/contacts/reassign' },
  { method: 'PATCH', path: '/api/contacts/:id' },
  { method: 'POST', path: '/api/policies/:id/cancel' },
  { method: 'POST', path: '/api/claims' },
  { method: 'PATCH', path: '/api/claims/:id' },
  { method: 'POST', path: '/api/claims/:id/status' },
  { method: 'POST', path: '/api/documents/upload' },
  { method: 'POST', path: '/api/documents' },
  { method: 'DELETE', path: '/api/documents/:id' },
  { method: 'POST', path: '/api/imports' },
  { method: 'PUT', path: '/api/imports/:id/mapping' },
  { method: 'POST', path: '/api/imports/:id/commit' },
  { method: 'DELETE', path: '/api/imports/:id' },
  { method: 'POST', path: '/api/contacts/:id/merge' },
  { method: 'PUT', path: '/api/insurers/:id/chargeback-rule' },
  { method: 'PUT', path: '/api/policies/:id/payment-plan' },
  // A parcela's boleto or Pix (#61): the policy's id and the parcela's number, each aimed at.
  { method: 'PUT', path: '/api/policies/:id/instalments/:id/payment-link' },
  // An overdue parcela's WhatsApp reminder (#62): the policy's id and the parcela's number, each aimed at.
  { method: 'POST', path: '/api/policies/:id/instalments/:id/whatsapp' },
  { method: 'POST', path: '/api/statements' },
  { method: 'PUT', path: '/api/statements/:id/mapping' },
  { method: 'POST', path: '/api/statements/:id/commit' },
  { method: 'DELETE', path: '/api/statements/:id' },
  { method: 'PUT', path: '/api/statement-lines/:id/match' },
  { method: 'POST', path: '/api/statement-lines/:id/unmatch' },
  { method: 'PUT', path: '/api/receivables/settings' },
  { method: 'POST', path: '/api/contacts/:id/interactions' },
  { method: 'PUT', path: '/api/contacts/:id/consent' },
  { method: 'POST', path: '/api/contacts/:id/whatsapp' },
  { method: 'PUT', path: '/api/message-templates' },
  { method: 'POST', path: '/api/renewals/:id/quotes' },
  { method: 'POST', path: '/api/renewals/:id/outcome' },
  { method: 'PUT', path: '/api/renewals/:id/next-action' },
  { method: 'PUT', path: '/api/pipeline-cards/:id/next-action' },
  { method: 'PUT', path: '/api/pipeline-cards/:id/insured-item' },
  { method: 'POST', path: '/api/pipeline-cards/:id/quotes' },
  { method: 'POST', path: '/api/pipeline-cards/:id/quotes/import' },
  { method: 'PATCH', path: '/api/quotes/:id' },
  { method: 'DELETE', path: '/api/quotes/:id' },
  { method: 'POST', path: '/api/quotes/:id/win' },
  { method: 'POST', path: '/api/quotes/:id/disclosure' },
  { method: 'PUT', path: '/api/quotes/settings' },
  { method: 'POST', path: '/api/pipeline-cards/:id/comparison' },
  { method: 'DELETE', path: '/api/comparisons/:id' },
  { method: 'PUT', path: '/api/broker-profile/disclosure' },
  { method: 'PUT', path: '/api/pipeline-stages/idle-limits' },
  { method: 'POST', path: '/api/tasks/card-:id/done' },
  { method: 'POST', path: '/api/tasks/card-:id/snooze' },
  { method: 'POST', path: '/api/tasks/renewal-:id/done' },
  { method: 'POST', path: '/api/tasks/renewal-:id/snooze' },
  { method: 'POST', path: '/api/tasks/policy-:id/done' },
  { method: 'POST', path: '/api/tasks/policy-:id/snooze' },
  { method: 'PUT', path: '/api/tasks/digest-settings' },
  { method: 'POST', path: '/api/tasks' },
  { method: 'PATCH', path: '/api/tasks/task-:id' },
  { method: 'DELETE', path: '/api/tasks/task-:id' },
  { method: 'PATCH', path: '/api/tasks/card-:id' },
  // Limpar Dados: the attacker (and nobody signed in) clearing, over and over, never reaches the victim.
  { method: 'DELETE', path: '/api/clear-data' },
  // The team (#38): uuid ids, so a numeric or random one is a 404; the roles' 403 for whoever may not.
  { method: 'POST', path: '/api/team/invitations' },
  { method: 'DELETE', path: '/api/team/invitations/:id' },
  { method: 'PATCH', path: '/api/team/members/:id' },
  { method: 'POST', path: '/api/team/members/:id/disable' },
  { method: 'POST', path: '/api/team/members/:id/transfer' },
  { method: 'POST', path: '/api/invitations/:id/accept', anonymous: true },
  // A policy's numbers, responsible and split; repasse (#39): a member's rules (uuid), closing a month (YYYY-MM).
  { method: 'PATCH', path: '/api/policies/:id' },
  { method: 'PUT', path: '/api/team/members/:id/commission-rules' },
  { method: 'POST', path: '/api/repasse/:id/close' },
  // The data subjects' requests (#40): managers only; the public page's form and its confirmation, signed out.
  { method: 'POST', path: '/api/privacy/requests' },
  { method: 'PATCH', path: '/api/privacy/requests/:id' },
  { method: 'POST', path: '/api/privacy/requests/:id/export' },
  { method: 'POST', path: '/api/privacy/requests/:id/erase' },
  { method: 'POST', path: '/api/privacy/requests/:id/revoke' },
  { method: 'PUT', path: '/api/privacy/settings' },
  { method: 'PUT', path: '/api/privacy/processing' },
  { method: 'POST', path: '/api/privacy/notice/:id/requests', anonymous: true },
  { method: 'POST', path: '/api/privacy/notice/:id/requests/confirm', anonymous: true },
  // The client portal (#61): the sign-in doors are anyone's; the client's own writes answer a member 401.
  { method: 'PUT', path: '/api/portal-settings' },
  { method: 'POST', path: '/api/contacts/:id/portal-invite' },
  { method: 'POST', path: '/api/portal/:id/code', anonymous: true },
  { method: 'POST', path: '/api/portal/:id/session', anonymous: true },
  { method: 'DELETE', path: '/api/portal/session', anonymous: true },
  { method: 'POST', path: '/api/portal/claims' },
  { method: 'POST', path: '/api/portal/claims/:id/photos' },
  { method: 'POST', path: '/api/portal/requests' },
  { method: 'POST', path: '/api/portal/privacy' },
  // WhatsApp (#62): Meta's webhook is anyone's (its signature decides); the rest a member's.
  { method: 'PUT', path: '/api/whatsapp/settings' },
  { method: 'POST', path: '/api/whatsapp/webhook', anonymous: true },
  { method: 'POST', path: '/api/conversations/:id/messages' },
  { method: 'POST', path: '/api/conversations/:id/assign' },
  { method: 'POST', path: '/api/conversations/:id/read' },
  { method: 'DELETE', path: '/api/clear-data', anonymous: true },
];

const FIELDS = [
  'name',
  'email',
  'password',
  'token',
  'description',
  'isActive',
  'policyType',
  'manager',
  'website',
  'contactInfo',
  'fullName',
  'cpf',
  'cnpj',
  'phone',
  'cep',
  'birthDate',
  'susepNumber',
  'susepExpiry',
  'insuranceTypes',
  'isOnboardingComplete',
  'stage',
  'stageId',
  'productId',
  'leadSourceId',
  'insurerId',
  'type',
  'annualPremium',
  'notes',
  'reason',
  'startDate',
  'endDate',
  'premioLiquido',
  'iof',
  'juros',
  'totalPremium',
  'commissionPercentage',
  'commissionAmount',
  'documentType',
  'policyNumber',
  'contactId',
  'policyId',
  'amount',
  'mapping',
  'mode',
  'insurers',
  'otherId',
  'keep',
  'dueAt',
  'until',
  'idleDays',
  'stages',
  'enabled',
  'status',
  'category',
  'cardId',
  'firstDueDate',
  'instalments',
  'instalment',
  'templateId',
  'purpose',
  'granted',
  'outcome',
  'quoteId',
  'newPolicy',
  'paidOn',
  'responsibleId',
  'participants',
  'share',
  'percent',
  'default',
  'rules',
  'business',
  'subject',
  'channel',
  'note',
  'state',
  'answer',
  'slug',
  'document',
  'code',
  'text',
  'occurredAt',
  'place',
  'paymentLink',
  'dpoName',
  'dpoEmail',
  'dpoPhone',
  'activities',
  'legalBasis',
];

/** Dates and instants PostgreSQL refuses (a 500 if they reach it) or moves (2026-02-30 is 03-02). */
const ODD_DATES = [
  '2026-02-30',
  '0000-01-01',
  '2101-01-01',
  '99999-01-01',
  '2026-02-30T10:00:00Z',
  '2026-11-26T10:00:00-23:59',
  '2026-11-26T10:00:00+14:01',
  '0000-01-01T00:00:00Z',
  '0000-01',
];
const ODD_MONTHS = ['0000-01', '2101-01', '2026-13', '99999-01', '2026-1'];
/** Ids no integer column holds, and ones that are not ids at all. */
const BIG_IDS = [2_147_483_648, 1e308, -1, 0, 1.5, Number.MAX_SAFE_INTEGER, -2_147_483_649];
/** Bodies that are JSON but not an object. */
const NON_OBJECTS = [[], 'x', 42, null, true, [{}]];

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string().map((text) => `${text}\u0000${text}`),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    'null',
    '2147483648',
    '99999999999',
    '1e400',
    "'; drop table users; --",
    '<script>x</script>',
    'a'.repeat(5000),
    // Dates PostgreSQL refuses or moves, and ids beyond the column (#33).
    ...ODD_DATES,
  ),
  fc.constantFrom(...BIG_IDS),
  fc.integer(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(Number),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 4 }),
);

const body: fc.Arbitrary<Body> = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 8 }).map((value) => ({ kind: 'json' as const, value })),
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'json' as const, value })),
  fc
    .constantFrom('{"name":', '[', '{"a":1}}', 'null', '"x"', '{"name":"\\u0000"}', '\u0000')
    .map((value) => ({ kind: 'raw' as const, value })),
  fc
    .record({ field: fc.constantFrom('photo', 'file', 'x'), bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 64 }) })
    .map((part) => ({ kind: 'multipart' as const, ...part })),
  // Real files of every kind the sniffer must read or refuse (ZIP64, data descriptors, macros, compound
  // files real and fake), with the fields an upload takes, ids of the victim's included.
  fc
    .record({
      sample: fc.constantFrom(...(Object.keys(FILE_SAMPLES) as (keyof typeof FILE_SAMPLES)[])),
      fields: fc.dictionary(
        fc.constantFrom('category', 'description', 'contactId', 'cardId', 'kind', 'sheet', 'insurerId'),
        fc.oneof(fc.constantFrom('contracts', 'policies', 'forms', 'contacts'), fc.string({ maxLength: 12 })),
        { maxKeys: 4 },
      ),
    })
    .map((file) => ({ kind: 'file' as const, ...file })),
  fc.constant({ kind: 'none' as const }),
);

async function send(context: APIRequestContext, method: string, path: string, payload: Body) {
  const options: Parameters<APIRequestContext['fetch']>[1] = { method, failOnStatusCode: false, maxRedirects: 0 };
  if (payload.kind === 'json') options.data = payload.value as never;
  if (payload.kind === 'raw') Object.assign(options, { data: payload.value, headers: { 'content-type': 'application/json' } });
  if (payload.kind === 'multipart')
    options.multipart = { [payload.field]: { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from(payload.bytes) } };
  if (payload.kind === 'file')
    options.multipart = {
      ...payload.fields,
      file: { name: `${payload.sample}.docx`, mimeType: 'application/octet-stream', buffer: FILE_SAMPLES[payload.sample] },
    };
  return context.fetch(path, options);
}

/** Everything of a broker the attacker might try to change or read. */
async function snapshot(context: APIRequestContext) {
  const read = async (path: string) => {
    const response = await context.get(path);
    expect(response.status(), path).toBe(200);
    return response.json();
  };
  const insurers = (await read('/api/insurers')) as { id: number }[];
  const passwords = await Promise.all(
    insurers.map(async (insurer) => (await context.post(`/api/insurers/${insurer.id}/reveal-password`)).json()),
  );
  return {
    user: await read('/api/auth/user'),
    team: await read('/api/team'),
    profile: await read('/api/broker-profile'),
    products: await read('/api/products'),
    insurers,
    passwords,
    leadSources: await read('/api/lead-sources'),
    board: await read('/api/pipeline'),
    archived: await read('/api/pipeline-cards?archived=true'),
    contacts: await read('/api/contacts'),
    policies: await read('/api/policies'),
    instalments: await Promise.all(
      ((await read('/api/policies')) as { id: number }[]).map((policy) => read(`/api/policies/${policy.id}/instalments`)),
    ),
    claims: await read('/api/claims'),
    documents: await read('/api/documents'),
    imports: await read('/api/imports'),
    statements: await read('/api/statements'),
    receivables: await read('/api/receivables'),
    receivableSettings: await read('/api/receivables/settings'),
    chargebackRules: await Promise.all(insurers.map((insurer) => read(`/api/insurers/${insurer.id}/chargeback-rule`))),
    messageTemplates: await read('/api/message-templates'),
    renewals: await read('/api/renewals'),
    tasks: await read('/api/tasks'),
    digestSettings: await read('/api/tasks/digest-settings'),
    stages: ((await read('/api/reference-data')) as { pipelineStages: unknown }).pipelineStages,
    timelines: await Promise.all(
      ((await read('/api/contacts')) as { items: { id: number }[] }).items.map((contact) => read(`/api/contacts/${contact.id}/timeline`)),
    ),
    quotes: await Promise.all(
      ((await read('/api/pipeline')) as { id: number; status: string }[])
        .filter((card) => card.status === 'active')
        .map((card) => read(`/api/pipeline-cards/${card.id}/quotes`)),
    ),
    comparisons: await Promise.all(
      ((await read('/api/pipeline')) as { id: number; status: string }[])
        .filter((card) => card.status === 'active')
        .map((card) => read(`/api/pipeline-cards/${card.id}/comparisons`)),
    ),
    disclosure: await read('/api/broker-profile/disclosure'),
    quoteSettings: await read('/api/quotes/settings'),
    disclosureStatus: await Promise.all(
      ((await read('/api/pipeline')) as { id: number; status: string }[])
        .filter((card) => card.status === 'active')
        .map((card) => read(`/api/pipeline-cards/${card.id}/disclosure-status`)),
    ),
  };
}

/** YYYY-MM-DD, `days` from today in São Paulo. */
function isoDay(days: number): string {
  const date = new Date(`${new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' })}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * A broker's book, every kind of record an endpoint takes an id of: catalogues, a lead with a next
 * action, a sold card whose policy renews within 90 days (a renewal), a claim, a document, an
 * import in preview and a committed statement with an unidentified line.
 */
async function seedBroker(broker: APIRequestContext) {
  const product = await (await broker.post('/api/products', { data: { name: 'Seguro Frota', line: 'auto' } })).json();
  const insurer = await (await broker.post('/api/insurers', { data: { name: 'Seguradora Vítima', password: 'portal-da-vitima' } })).json();
  const leadSource = await (await broker.post('/api/lead-sources', { data: { name: 'Indicação da Vítima' } })).json();
  const stages = ((await (await broker.get('/api/reference-data')).json()) as { pipelineStages: { id: number; key: string }[] })
    .pipelineStages;
  const lead = await broker.post('/api/pipeline', {
    data: {
      name: 'Lead da Vítima',
      phone: '11987654321',
      productId: product.id,
      leadSourceId: leadSource.id,
      stageId: stages.find((stage) => stage.key === 'leads')!.id,
    },
  });
  expect(lead.status()).toBe(201);
  const card = (await lead.json()) as { id: number; contactId: number };
  // Its next action (today): a task of the broker's to aim at.
  const dueToday = `${new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' })}T12:00:00.000Z`;
  expect((await broker.put(`/api/pipeline-cards/${card.id}/next-action`, { data: { dueAt: dueToday, type: 'ligar' } })).status()).toBe(200);
  // Its car and an insurer's quote for it: a quote to aim at.
  const car = { kind: 'vehicle', vehicle: { plate: 'VIT1A23', model: 'Carro da Vítima' } };
  expect((await broker.put(`/api/pipeline-cards/${card.id}/insured-item`, { data: { insuredItem: car } })).status()).toBe(200);
  const quote = await broker.post(`/api/pipeline-cards/${card.id}/quotes`, {
    data: { insurerId: insurer.id, line: 'auto', totalPremium: '2000.00', netPremium: '1850.00', commissionPercent: '15.00' },
  });
  expect(quote.status()).toBe(201);
  // The client's comparison of it: a link to aim at (revoking it, or making one, from outside).
  const comparison = await broker.post(`/api/pipeline-cards/${card.id}/comparison`, { data: { quoteIds: [(await quote.json()).id] } });
  expect(comparison.status()).toBe(201);
  // A second lead of the broker, sold and issued: a policy, a claim on it and a document to aim at.
  const sold = (await (
    await broker.post('/api/pipeline', {
      data: {
        name: 'Cliente da Vítima',
        phone: '11987654322',
        productId: product.id,
        leadSourceId: leadSource.id,
        stageId: stages.find((stage) => stage.key === 'leads')!.id,
      },
    })
  ).json()) as { id: number; contactId: number };
  const finalized = await broker.post(`/api/pipeline-cards/${sold.id}/confirm-issuance`, {
    data: {
      insurerId: insurer.id,
      startDate: isoDay(-300),
      endDate: isoDay(65),
      premioLiquido: '1000.00',
      iof: '73.80',
      totalPremium: '1073.80',
      commissionPercentage: '10.00',
    },
  });
  expect(finalized.status()).toBe(200);
  const issued = (await (await broker.post(`/api/pipeline-cards/${sold.id}/confirm-issuance`)).json()) as { policyId: number };
  const claim = await broker.post('/api/claims', {
    data: { contactId: sold.contactId, policyId: issued.policyId, type: 'colisao', amount: '900.00' },
  });
  expect(claim.status()).toBe(201);
  const document = await broker.post('/api/documents/upload', {
    multipart: {
      category: 'contracts',
      file: { name: 'contrato.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    },
  });
  expect(document.status()).toBe(201);
  // An import of the broker's, previewed: its id is aimed at too.
  const brokerImport = await broker.post('/api/imports', {
    multipart: {
      kind: 'contacts',
      file: { name: 'carteira.csv', mimeType: 'text/csv', buffer: Buffer.from('Nome;E-mail\nAna;ana@exemplo.com\n') },
    },
  });
  expect(brokerImport.status()).toBe(201);
  const importId = ((await brokerImport.json()) as { id: number }).id;
  expect((await broker.put(`/api/imports/${importId}/mapping`, { data: { mapping: { name: 'Nome', email: 'E-mail' } } })).status()).toBe(
    200,
  );
  // A statement of the broker's, committed: a line nothing matched (its id and the statement's are aimed at).
  const brokerStatement = await broker.post('/api/statements', {
    multipart: {
      insurerId: String(insurer.id),
      file: { name: 'extrato.csv', mimeType: 'text/csv', buffer: Buffer.from('Apólice;Valor Líquido\nX-1;10,00\n', 'latin1') },
    },
  });
  expect(brokerStatement.status()).toBe(201);
  const statementId = ((await brokerStatement.json()) as { id: number }).id;
  const statementMapping = { mapping: { policyNumber: 'Apólice', netCommission: 'Valor Líquido' } };
  expect((await broker.put(`/api/statements/${statementId}/mapping`, { data: statementMapping })).status()).toBe(200);
  expect((await broker.post(`/api/statements/${statementId}/commit`)).status()).toBe(202);
  await expect
    .poll(async () => ((await (await broker.get(`/api/statements/${statementId}`)).json()) as { status: string }).status)
    .toBe('done');
  const lineId = ((await (await broker.get('/api/receivables')).json()) as { unidentified: { id: number }[] }).unidentified[0]!.id;
  const renewals = (await (await broker.get('/api/renewals')).json()) as { items: { id: number }[] };
  expect(renewals.items.length).toBeGreaterThan(0);
  // A task the broker wrote (edited and deleted by id).
  const written = await broker.post('/api/tasks', { data: { title: 'Tarefa da vítima', dueAt: '2030-01-31' } });
  expect(written.status()).toBe(201);
  return {
    product: product.id as number,
    insurer: insurer.id as number,
    leadSource: leadSource.id as number,
    card: card.id,
    contact: card.contactId,
    soldCard: sold.id,
    soldContact: sold.contactId,
    policy: issued.policyId,
    claim: ((await claim.json()) as { id: number }).id,
    document: ((await document.json()) as { id: number }).id,
    import: importId,
    statement: statementId,
    line: lineId,
    renewal: renewals.items[0]!.id,
    task: ((await written.json()) as { sourceId: number }).sourceId,
    quote: ((await quote.json()) as { id: number }).id,
    comparison: ((await comparison.json()) as { id: number }).id,
  };
}

/**
 * Who attacks, once per role (#38): another brokerage's owner, admin and assistant (their own
 * brokerage's records are theirs to change), and a producer of the victim's own brokerage — every
 * record seeded is the owner's, so to the producer each is another member's.
 */
const ATTACKERS = [
  { role: 'owner', brokerage: 'another', who: 'another brokerage’s owner' },
  { role: 'admin', brokerage: 'another', who: 'another brokerage’s admin' },
  { role: 'assistant', brokerage: 'another', who: 'another brokerage’s assistant' },
  { role: 'producer', brokerage: 'same', who: 'a producer of the same brokerage' },
] as const;

/** What a snapshot holds without the records `memberId` is responsible for (a producer's own creations). */
function withoutRecordsOf(value: unknown, memberId: string): unknown {
  if (Array.isArray(value))
    return value
      .filter((item) => !(typeof item === 'object' && item !== null && 'responsibleId' in item && item.responsibleId === memberId))
      .map((item) => withoutRecordsOf(item, memberId));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutRecordsOf(item, memberId)]));
  return value;
}

/**
 * The documents of a snapshot without these (a producer's own uploads: the list names no member, so
 * they are known as the ones the producer sees), compared by their items (the counts follow them).
 */
function withoutDocuments(value: unknown, ids: ReadonlySet<number>): unknown {
  const snapshot = value as { documents: { items: { id: number }[] } };
  return { ...snapshot, documents: { items: snapshot.documents.items.filter((document) => !ids.has(document.id)) } };
}

for (const attacker of ATTACKERS)
  test(`random input to every write endpoint from ${attacker.who}: never a 5xx, and the victim's data stays intact`, async ({
    playwright,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const victim = await playwright.request.newContext({ baseURL });
    const attacking = await playwright.request.newContext({ baseURL });
    const anonymous = await playwright.request.newContext({ baseURL });
    await registerViaApi(victim, 'Vítima Souza', uniqueEmail('victim'));
    await onboardViaApi(victim);
    const seeded = await seedBroker(victim);
    if (attacker.brokerage === 'same') {
      await joinViaApi(victim, attacking, attacker.role, 'Produtor Atacante', uniqueEmail('attacker'));
    } else {
      const owner = attacker.role === 'owner' ? attacking : await playwright.request.newContext({ baseURL });
      await registerViaApi(owner, 'Atacante Lima', uniqueEmail('attacker'));
      await onboardViaApi(owner);
      if (attacker.role !== 'owner') {
        await joinViaApi(owner, attacking, attacker.role, 'Membro Atacante', uniqueEmail('member'));
        await owner.dispose();
      }
    }
    const attackerId = ((await (await attacking.get('/api/auth/user')).json()) as { id: string; role: string }).id;
    const before = await snapshot(victim);

    const victimIds = Object.values(seeded).map(String);
    const id = fc.oneof(
      fc.constantFrom(...victimIds),
      fc.constantFrom('0', '-1', 'abc', '1.5', '2147483647', '2147483648', '99999999999', '9'.repeat(30), '%00', '%20', 'null'),
      fc.bigInt({ min: 0n, max: 2n ** 64n }).map(String),
      fc.uuid(),
      fc.string({ maxLength: 12 }).map(encodeURIComponent),
    );
    const failures: string[] = [];

    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), id, body, async (endpoint, target, payload) => {
        const path = endpoint.path.replaceAll(':id', target);
        const response = await send(endpoint.anonymous ? anonymous : attacking, endpoint.method, path, payload);
        if (response.status() >= 500)
          failures.push(
            `${endpoint.method} ${path} ${JSON.stringify(payload).slice(0, 200)} -> ${response.status()} ${await response.text()}`,
          );
        return response.status() < 500;
      }),
      { numRuns: 150 },
    );

    expect(failures).toEqual([]);
    // What the producer made of their own (a contact a random body happened to describe, a file it
    // uploaded) is theirs; the rest is unchanged.
    const ownDocuments = new Set(
      ((await (await attacking.get('/api/documents')).json()) as { items?: { id: number }[] }).items?.map((document) => document.id) ?? [],
    );
    expect(withoutDocuments(withoutRecordsOf(await snapshot(victim), attackerId), ownDocuments)).toEqual(
      withoutDocuments(before, ownDocuments),
    );
    // The attacker's own session still works: nothing it sent broke the service for it either.
    expect((await attacking.get('/api/auth/user')).status()).toBe(200);
    await Promise.all([victim.dispose(), attacking.dispose(), anonymous.dispose()]);
  });

/** Where an endpoint goes in the sweep: what ends the broker's records or onboarding after the rest. */
function sweepOrder(endpoint: Endpoint): number {
  if (endpoint.path === '/api/clear-data') return 3;
  if (endpoint.path === '/api/broker-profile/restart') return 2;
  return endpoint.method === 'DELETE' ? 1 : 0;
}

/** The id an endpoint's `:id` names, among the broker's own records. */
function ownIdFor(path: string, own: Awaited<ReturnType<typeof seedBroker>>): number {
  const prefixes: [string, number][] = [
    ['/api/products/', own.product],
    ['/api/insurers/', own.insurer],
    ['/api/lead-sources/', own.leadSource],
    ['/api/pipeline/', own.card],
    ['/api/pipeline-cards/', own.card],
    ['/api/tasks/task-', own.task],
    ['/api/tasks/card-', own.card],
    ['/api/tasks/renewal-', own.renewal],
    ['/api/tasks/policy-', own.policy],
    ['/api/contacts/', own.contact],
    ['/api/policies/', own.policy],
    ['/api/claims/', own.claim],
    ['/api/documents/', own.document],
    ['/api/imports/', own.import],
    ['/api/statements/', own.statement],
    ['/api/statement-lines/', own.line],
    ['/api/renewals/', own.renewal],
    ['/api/quotes/', own.quote],
    ['/api/comparisons/', own.comparison],
  ];
  return prefixes.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 1;
}

test('the sweep knows every write operation of the public API (a new one is added here, or this fails)', () => {
  const swept = new Set(
    ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path.replace(/(task|card|renewal|policy)-:id/, ':id')}`),
  );
  const operations = allOperations()
    .filter((op) => op.access !== 'internal' && op.method !== 'GET')
    .map((op) => `${op.method} ${op.path.replace(/:[a-zA-Z]+/g, ':id')}`);
  expect(operations.filter((operation) => !swept.has(operation))).toEqual([]);
});

test('odd dates, big ids and non-objects at every write endpoint, on records of ones own: a 4xx, never a 5xx (#33)', async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const broker = await playwright.request.newContext({ baseURL });
  const anonymous = await playwright.request.newContext({ baseURL });
  await registerViaApi(broker, 'Corretora Datas', uniqueEmail('dates'));
  await onboardViaApi(broker);
  const own = await seedBroker(broker);
  const probes: [method: string, path: string, body: unknown][] = [
    ...ODD_DATES.flatMap((date): [string, string, unknown][] => [
      ['PUT', `/api/pipeline-cards/${own.card}/next-action`, { dueAt: date, type: 'ligar' }],
      ['PUT', `/api/renewals/${own.renewal}/next-action`, { dueAt: date, type: 'ligar' }],
      ['POST', `/api/tasks/card-${own.card}/snooze`, { until: date }],
      ['POST', `/api/tasks/renewal-${own.renewal}/snooze`, { until: date }],
      ['PUT', `/api/policies/${own.policy}/payment-plan`, { instalments: 2, firstDueDate: date }],
      ['PATCH', `/api/contacts/${own.contact}`, { birthDate: date }],
    ]),
    ...ODD_MONTHS.flatMap((month): [string, string, unknown][] => [
      ['GET', `/api/receivables?month=${month}`, undefined],
      ['GET', `/api/renewals/report?from=${month}`, undefined],
    ]),
    ...BIG_IDS.flatMap((id): [string, string, unknown][] => [
      ['POST', `/api/contacts/${own.contact}/merge`, { otherId: id }],
      ['PUT', `/api/statement-lines/${own.line}/match`, { policyId: id, instalment: 1 }],
      ['POST', `/api/renewals/${own.renewal}/quotes`, { insurerId: id, premium: '100.00' }],
      ['POST', `/api/renewals/${own.renewal}/outcome`, { outcome: 'renewed', newPolicy: { insurerId: id } }],
      ['POST', `/api/contacts/${own.contact}/whatsapp`, { templateId: id }],
      ['PUT', '/api/pipeline-stages/idle-limits', { stages: [{ id, idleDays: 3 }] }],
      ['POST', '/api/claims', { contactId: id, policyId: own.policy, type: 'colisao', amount: '10.00' }],
      ['POST', '/api/claims', { contactId: own.soldContact, policyId: id, type: 'colisao', amount: '10.00' }],
      ['PATCH', `/api/contacts/${own.contact}`, { productId: id }],
      ['PUT', `/api/imports/${own.import}/mapping`, { mapping: { name: 'Nome' }, insurers: { X: id } }],
      ['PUT', '/api/message-templates', { templates: [{ id, name: 'X', purpose: 'servico', body: 'Oi' }] }],
    ]),
    // Every write endpoint with each non-object body, then with every field odd, aimed at its own record
    // (deletions, restarting the onboarding and Limpar Dados last, so the others still find theirs).
    ...[...ENDPOINTS]
      .sort((a, b) => sweepOrder(a) - sweepOrder(b))
      .flatMap((endpoint): [string, string, unknown][] => {
        const path = endpoint.path.replace(':id', String(ownIdFor(endpoint.path, own))).replace(':id', '1');
        return [
          ...NON_OBJECTS.map((body): [string, string, unknown] => [endpoint.method, path, body]),
          [endpoint.method, path, Object.fromEntries(FIELDS.map((field) => [field, ODD_DATES[5]]))],
          [endpoint.method, path, Object.fromEntries(FIELDS.map((field) => [field, 2_147_483_648]))],
        ];
      }),
  ];
  const failures: string[] = [];
  // The aimed probes (a valid body but for one date or id) must be refused; the sweep must not fail.
  const aimed = ODD_DATES.length * 6 + ODD_MONTHS.length * 2 + BIG_IDS.length * 11;
  for (const [index, [method, path, body]] of probes.entries()) {
    const anonymousPath = ENDPOINTS.some((endpoint) => endpoint.anonymous && endpoint.path === path);
    const response = await (anonymousPath ? anonymous : broker).fetch(path, {
      method,
      failOnStatusCode: false,
      maxRedirects: 0,
      ...(body === undefined ? {} : { data: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    if (response.status() >= 500 || (index < aimed && response.status() < 400))
      failures.push(
        `${method} ${path} ${JSON.stringify(body).slice(0, 120)} -> ${response.status()} ${(await response.text()).slice(0, 200)}`,
      );
  }
  expect(failures).toEqual([]);
  await Promise.all([broker.dispose(), anonymous.dispose()]);
});

test("random input to every portal operation from a signed-in client: never a 5xx, another client's records never answered nor changed (#61)", async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const broker = await playwright.request.newContext({ baseURL });
  const client = await playwright.request.newContext({ baseURL });
  await registerViaApi(broker, 'Corretora Portal', uniqueEmail('portal-fuzz'));
  await onboardViaApi(broker);
  const turnedOn = await broker.put('/api/portal-settings', { data: { enabled: true, channels: { email: true, whatsapp: false } } });
  expect(turnedOn.status()).toBe(200);
  const slug = ((await turnedOn.json()) as { publicPath: string }).publicPath.split('/')[2]!;
  // The attacker is a client of the brokerage; the victim another client of it, with a policy, its PDF and a claim.
  const attackerEmail = uniqueEmail('portal-atacante');
  for (const [name, cpf, email] of [
    ['Cliente Atacante', '529.982.247-25', attackerEmail],
    ['Cliente Vítima', '390.533.447-05', uniqueEmail('portal-vitima')],
  ])
    expect(
      (await broker.post('/api/contacts', { data: { name, phone: '(11) 98765-1234', cpf, email, type: 'individual' } })).status(),
    ).toBe(201);
  await importPolicies(broker, [
    'Apólice;Seguradora;Segurado;CPF do segurado;Ramo;Início;Fim;Prêmio Líquido;Prêmio Total;% Comissão',
    `FA-1;Porto Seguro;Cliente Atacante;52998224725;Auto;01/03/2026;01/03/2027;1.000,00;1.073,80;10`,
    `FV-1;Porto Seguro;Cliente Vítima;39053344705;Auto;01/03/2026;01/03/2027;1.000,00;1.073,80;10`,
  ]);
  const policies = (await (await broker.get('/api/policies')).json()) as { id: number; policyNumber: string; contactId: number }[];
  const victimPolicy = policies.find((policy) => policy.policyNumber === 'FV-1')!;
  const document = await broker.post('/api/documents/upload', {
    multipart: {
      category: 'policies',
      policyId: String(victimPolicy.id),
      file: { name: 'apolice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    },
  });
  expect(document.status()).toBe(201);
  const claim = await broker.post('/api/claims', {
    data: { contactId: victimPolicy.contactId, policyId: victimPolicy.id, type: 'colisao', amount: '900.00' },
  });
  expect(claim.status()).toBe(201);
  // Each kind of record by the path that names it: ids are per table, so the attacker's own policy may
  // have the number of the victim's claim (a 200 there is theirs; the CI's first run met exactly that).
  const victimIdOf: Record<string, string> = {
    '/api/portal/policies/': String(victimPolicy.id),
    '/api/portal/documents/': String(((await document.json()) as { id: number }).id),
    '/api/portal/claims/': String(((await claim.json()) as { id: number }).id),
  };
  const victimIds = Object.values(victimIdOf);

  // The attacker signs in with the code the portal mailed.
  expect((await client.post(`/api/portal/${slug}/code`, { data: { document: '529.982.247-25' } })).status()).toBe(202);
  const signedIn = await client.post(`/api/portal/${slug}/session`, {
    data: { document: '529.982.247-25', code: await portalCodeFor(attackerEmail) },
  });
  expect(signedIn.status()).toBe(200);
  const victimView = async () => {
    const read = async (path: string) => (await broker.get(path)).json();
    const claims = (await read('/api/claims')) as { items?: { contactId: number }[] } | { contactId: number }[];
    const documents = (await read('/api/documents')) as { items: { contactId: number | null; policyId: number | null }[] };
    // The victim's own (the attacker's claims and photos on their own policy are theirs to make).
    return {
      claims: (Array.isArray(claims) ? claims : (claims.items ?? [])).filter((entry) => entry.contactId === victimPolicy.contactId),
      documents: documents.items.filter((entry) => entry.contactId === victimPolicy.contactId || entry.policyId === victimPolicy.id),
      instalments: await read(`/api/policies/${victimPolicy.id}/instalments`),
      timeline: await read(`/api/contacts/${victimPolicy.contactId}/timeline`),
    };
  };
  const before = await victimView();

  // Every portal operation but signing out (it would end the attacker's session), each id a victim's, another or none.
  const operations = allOperations().filter(
    (op) => op.path.startsWith('/api/portal/') && !(op.method === 'DELETE' && op.path === '/api/portal/session'),
  );
  const id = fc.oneof(
    fc.constantFrom(...victimIds),
    fc.constantFrom('0', '-1', 'abc', '2147483648', '9'.repeat(30), '%00', 'null'),
    fc.uuid(),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
  );
  const failures: string[] = [];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...operations),
      id,
      fc.constantFrom(slug, 'outra-corretora', '%00'),
      body,
      async (op, target, brokerage, payload) => {
        const path = op.path.replace(':brokerage', brokerage).replace(':id', target);
        const response = await send(client, op.method, path, op.method === 'GET' ? { kind: 'none' } : payload);
        const status = response.status();
        if (status >= 500)
          failures.push(`${op.method} ${path} ${JSON.stringify(payload).slice(0, 160)} -> ${status} ${await response.text()}`);
        // Another client's policy, document or claim is never answered nor written to.
        const kind = Object.keys(victimIdOf).find((prefix) => op.path.startsWith(`${prefix}:id`));
        if (kind && victimIdOf[kind] === target && status < 400)
          failures.push(`${op.method} ${path} -> ${status}: another client's record`);
        return true;
      },
    ),
    { numRuns: 120 },
  );
  expect(failures).toEqual([]);
  // And aimed, whatever the random runs met: the victim's policy's documents, their document, a photo on their claim.
  const png = [
    ...Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  ];
  for (const [prefix, victimId] of Object.entries(victimIdOf)) {
    const op = operations.find((candidate) => candidate.path.startsWith(`${prefix}:id`))!;
    const aimed = await send(
      client,
      op.method,
      op.path.replace(':id', victimId),
      op.method === 'GET' ? { kind: 'none' } : { kind: 'multipart', field: 'photo', bytes: png },
    );
    expect(aimed.status(), `${op.method} ${op.path} with the victim's id`).toBe(404);
  }
  expect(await victimView()).toEqual(before);
  // The attacker's session still works: nothing it sent broke the portal for it either.
  expect((await client.get('/api/portal/me')).status()).toBe(200);
  await Promise.all([broker.dispose(), client.dispose()]);
});
