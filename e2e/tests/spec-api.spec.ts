import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { BROKERAGE } from './support/broker';

/**
 * The product spec's API table (§7), through the gateway (#57): every call with the body the spec
 * gives it, and the fields the spec says its answer carries (§3's derived shapes, decisions.md's
 * wire formats). Clients are built on these; later work adds fields and never renames one. A call
 * whose path, body or answer drifts fails here, named by the spec's row.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const MONEY = /^\d+\.\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}/;

async function json(response: APIResponse, status: number | 'ok'): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (status === 'ok') expect(response.ok(), `${response.url()}: ${text}`).toBeTruthy();
  else expect(response.status(), `${response.url()}: ${text}`).toBe(status);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** A list answer: the array itself, or a page of it (`items`, with its counts beside: the lists the spec's screens made paged). */
function listOf(body: unknown): Record<string, unknown>[] {
  if (Array.isArray(body)) return body as Record<string, unknown>[];
  const items = (body as { items?: unknown }).items;
  expect(Array.isArray(items), 'a list or { items }').toBeTruthy();
  return items as Record<string, unknown>[];
}

async function referenceData(request: APIRequestContext) {
  const body = await json(await request.get('/api/reference-data'), 200);
  for (const key of ['products', 'leadSources', 'insurers', 'pipelineStages']) expect(Array.isArray(body[key]), key).toBeTruthy();
  const refs = body as unknown as {
    products: { id: number; name: string; isActive: boolean }[];
    leadSources: { id: number; name: string; isActive: boolean }[];
    insurers: { id: number; name: string }[];
    pipelineStages: { id: number; name: string; key: string; color: string; order: number }[];
  };
  for (const item of [...refs.products, ...refs.leadSources])
    expect(item).toMatchObject({ id: expect.any(Number), name: expect.any(String), isActive: expect.any(Boolean) });
  for (const item of refs.insurers) expect(item).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
  expect(refs.pipelineStages.map((stage) => [stage.key, stage.name])).toEqual([
    ['leads', 'Contato'],
    ['qualified', 'Negociação'],
    ['proposal', 'Fechamento'],
    ['closed', 'Finalizado'],
  ]);
  return refs;
}

test('§7 Authentication: register, user, logout (401 JSON), login, forgot and reset password', async ({ request }) => {
  const email = uniqueEmail('spec-api-auth');
  await json(await request.post('/api/auth/register', { data: { email, password: PASSWORD, name: 'Vera Lúcia' } }), 201);
  const user = await json(await request.get('/api/auth/user'), 200);
  expect(user).toMatchObject({ id: expect.any(String), email, name: 'Vera Lúcia' });
  expect(user).not.toHaveProperty('password');
  expect((await request.post('/api/auth/logout')).ok()).toBeTruthy();
  const signedOut = await request.get('/api/auth/user');
  expect(signedOut.status()).toBe(401);
  expect(signedOut.headers()['content-type']).toContain('application/json');
  await json(await request.post('/api/auth/login', { data: { email, password: PASSWORD } }), 'ok');
  expect((await request.get('/api/auth/user')).status()).toBe(200);
  await json(await request.post('/api/auth/forgot-password', { data: { email } }), 'ok');
  const reset = await json(
    await request.post('/api/auth/reset-password', { data: { token: 'x'.repeat(43), password: 'nova-senha-123' } }),
    400,
  );
  expect(reset.message).toEqual(expect.any(String));
  await json(await request.post('/api/auth/reset-password', { data: { password: 'nova-senha-123' } }), 400);
});

test('§7 Broker profile and dashboard: onboarding save, profile update, restart, stats, leads, clear-data', async ({ request }) => {
  await json(
    await request.post('/api/auth/register', { data: { email: uniqueEmail('spec-api-broker'), password: PASSWORD, name: 'Wagner Dias' } }),
    201,
  );
  const saved = await json(await request.post('/api/broker-profile', { data: { ...BROKERAGE, isOnboardingComplete: true } }), 'ok');
  expect(saved).toMatchObject({
    isOnboardingComplete: true,
    name: BROKERAGE.name,
    email: BROKERAGE.email,
    insuranceTypes: BROKERAGE.insuranceTypes,
  });
  const profile = await json(await request.get('/api/broker-profile'), 200);
  for (const field of [
    'name',
    'email',
    'phone',
    'cpf',
    'companyName',
    'cnpj',
    'address',
    'city',
    'state',
    'zipCode',
    'susepNumber',
    'susepExpiry',
    'susepCategory',
    'experience',
    'insuranceTypes',
    'isOnboardingComplete',
  ]) {
    expect(profile, field).toHaveProperty(field);
  }
  const updated = await json(await request.put('/api/broker-profile', { data: { ...BROKERAGE, name: 'Wagner Dias Filho' } }), 200);
  expect(updated).toMatchObject({ name: 'Wagner Dias Filho', isOnboardingComplete: true });
  const restarted = await json(await request.post('/api/broker-profile/restart'), 'ok');
  // decisions.md: the restart keeps the saved fields, so the wizard opens pre-filled.
  expect(restarted).toMatchObject({ isOnboardingComplete: false, name: 'Wagner Dias Filho' });
  await json(await request.post('/api/broker-profile', { data: { ...BROKERAGE, isOnboardingComplete: true } }), 'ok');

  const stats = await json(await request.get('/api/dashboard/stats'), 200);
  for (const field of ['activePolicies', 'openClaims', 'monthlyRevenue', 'newLeads', 'totalClients', 'pendingClaims']) {
    expect(stats[field], field).toEqual(expect.any(Number));
  }
  expect(Number.isInteger(stats.monthlyRevenue)).toBeTruthy();
  expect(Array.isArray(listOf(await json(await request.get('/api/pipeline-leads'), 200)))).toBeTruthy();
  expect((await request.delete('/api/clear-data')).ok()).toBeTruthy();
});

test('§7 Pipeline and contacts: new lead, stage change, edit, archive, finalize, issue, lists, delete', async ({ request }) => {
  await json(
    await request.post('/api/auth/register', { data: { email: uniqueEmail('spec-api-pipeline'), password: PASSWORD, name: 'Xênia Rios' } }),
    201,
  );
  await json(await request.post('/api/broker-profile', { data: { ...BROKERAGE, isOnboardingComplete: true } }), 'ok');
  const refs = await referenceData(request);
  const leads = refs.pipelineStages.find((stage) => stage.key === 'leads')!;
  // The spec's body of a new lead, word for word (§7).
  const newLead = (name: string) => ({
    name,
    cpf: '',
    phone: '(11) 98765-4321',
    leadSourceId: refs.leadSources[0]!.id,
    productId: refs.products[0]!.id,
    stageId: leads.id,
    type: 'prospect',
    email: '',
    annualPremium: null,
    notes: '',
    stage: 'leads',
  });
  const card = await json(await request.post('/api/pipeline', { data: newLead('Yara Campos') }), 201);
  expect(card).toMatchObject({ id: expect.any(Number), contactId: expect.any(Number), stageId: leads.id, status: 'active' });
  const board = listOf(await json(await request.get('/api/pipeline'), 200));
  expect(board.find((item) => item.id === card.id)).toMatchObject({ contact: expect.objectContaining({ name: 'Yara Campos' }) });

  await json(await request.patch(`/api/pipeline/${card.id}`, { data: { stage: 'qualified' } }), 200);
  const edited = await json(
    await request.patch(`/api/contacts/${card.contactId}`, {
      data: {
        name: 'Yara Campos',
        email: 'yara@exemplo.com',
        phone: '(11) 98765-4321',
        cpf: '529.982.247-25',
        productId: refs.products[0]!.id,
        leadSourceId: refs.leadSources[0]!.id,
        annualPremium: 250000,
        notes: '28/11/2026 10:00 - Quer cotação',
      },
    }),
    200,
  );
  expect(edited).toMatchObject({ name: 'Yara Campos', email: 'yara@exemplo.com', annualPremium: 250000 });

  await json(await request.post(`/api/pipeline-cards/${card.id}/archive`, { data: { reason: 'Sem retorno' } }), 'ok');
  const archived = listOf(await json(await request.get('/api/pipeline-cards?archived=true'), 200));
  expect(archived.map((item) => item.id)).toContain(card.id);
  await json(await request.post(`/api/pipeline-cards/${card.id}/unarchive`), 'ok');

  // Finalize (a body) then issue (no body): decisions.md's contract on the spec's one path.
  const finalized = await json(
    await request.post(`/api/pipeline-cards/${card.id}/confirm-issuance`, {
      data: {
        insurerId: refs.insurers[0]!.id,
        startDate: '2026-12-01',
        endDate: '2027-12-01',
        premioLiquido: '1000.00',
        iof: '73.80',
        juros: '0.00',
        totalPremium: '1073.80',
        commissionPercentage: '10.00',
        commissionAmount: '100.00',
      },
    }),
    200,
  );
  expect(finalized).toMatchObject({ premioLiquido: '1000.00', iof: '73.80', totalPremium: '1073.80', commissionPercentage: '10.00' });
  await json(await request.post(`/api/pipeline-cards/${card.id}/confirm-issuance`), 'ok');
  const policies = listOf(await json(await request.get('/api/policies'), 200));
  expect(policies).toHaveLength(1);
  expect(policies[0]).toMatchObject({
    contactId: card.contactId,
    policyNumber: expect.any(String),
    premium: '1073.80',
    status: 'active',
    type: expect.stringMatching(/^(auto|home|life|business)$/),
    renewalDate: expect.stringMatching(DAY),
    commissionType: 'percentage',
    commissionValue: expect.stringMatching(MONEY),
  });

  const contacts = listOf(await json(await request.get('/api/contacts'), 200));
  expect(contacts.find((contact) => contact.id === card.contactId)).toMatchObject({ name: 'Yara Campos', phone: expect.any(String) });
  const claims = listOf(await json(await request.get('/api/claims'), 200));
  expect(claims).toEqual([]);

  const other = await json(await request.post('/api/pipeline', { data: newLead('Zeca Prado') }), 201);
  expect((await request.delete(`/api/pipeline/${other.id}`)).ok()).toBeTruthy();
  expect(listOf(await json(await request.get('/api/pipeline'), 200)).map((item) => item.id)).not.toContain(other.id);
});

test('§7 Documents, catalogues and commissions', async ({ request }) => {
  await json(
    await request.post('/api/auth/register', { data: { email: uniqueEmail('spec-api-docs'), password: PASSWORD, name: 'Alice Moura' } }),
    201,
  );
  await json(await request.post('/api/broker-profile', { data: { ...BROKERAGE, isOnboardingComplete: true } }), 'ok');
  const refs = await referenceData(request);
  const lead = await json(
    await request.post('/api/pipeline', {
      data: {
        name: 'Bento Luz',
        phone: '(11) 98765-4321',
        leadSourceId: refs.leadSources[0]!.id,
        productId: refs.products[0]!.id,
        stage: 'leads',
      },
    }),
    201,
  );
  const attached = await json(
    await request.post('/api/documents', {
      multipart: {
        file: { name: 'apolice.pdf', mimeType: 'application/pdf', buffer: PDF },
        category: 'policies',
        contactId: String(lead.contactId),
        description: 'Apólice',
      },
    }),
    201,
  );
  const uploaded = await json(
    await request.post('/api/documents/upload', {
      multipart: { file: { name: 'formulario.pdf', mimeType: 'application/pdf', buffer: PDF }, category: 'forms' },
    }),
    201,
  );
  for (const document of [attached, uploaded]) {
    expect(document).toMatchObject({
      id: expect.any(Number),
      originalName: expect.any(String),
      mimeType: 'application/pdf',
      category: expect.any(String),
    });
  }
  const documents = listOf(await json(await request.get('/api/documents'), 200));
  expect(documents.map((document) => document.id).sort()).toEqual([attached.id, uploaded.id].sort());
  expect((await request.delete(`/api/documents/${uploaded.id}`)).ok()).toBeTruthy();

  for (const [path, body] of [
    ['/api/products', { name: 'Seguro Celular', isActive: true, description: 'Aparelhos' }],
    [
      '/api/insurers',
      {
        name: 'Seguradora Teste',
        isActive: true,
        manager: 'Carlos',
        email: 'carlos@seguradora.com',
        password: 'portal-123',
        website: 'https://seguradora.com',
      },
    ],
    ['/api/lead-sources', { name: 'Feira', isActive: true, description: 'Feira do setor' }],
  ] as const) {
    const created = await json(await request.post(path, { data: body }), 201);
    expect(created).toMatchObject({ id: expect.any(Number), name: body.name, isActive: true });
    const names = listOf(await json(await request.get(path), 200)).map((item) => String(item.name));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    expect(await json(await request.patch(`${path}/${created.id}`, { data: { isActive: false } }), 200)).toMatchObject({ isActive: false });
    expect((await request.delete(`${path}/${created.id}`)).ok()).toBeTruthy();
  }

  const commissions = await json(await request.get('/api/commissions'), 200);
  expect(Array.isArray(commissions.policies)).toBeTruthy();
  expect(commissions.summary).toMatchObject({
    averageCommissionRate: expect.any(String),
    commissionsByType: expect.any(Object),
    monthlyBreakdown: expect.any(Array),
  });
  const six = await json(await request.get('/api/commissions?type=auto&months=6'), 200);
  const breakdown = (six.summary as { monthlyBreakdown: Record<string, unknown>[] }).monthlyBreakdown;
  expect(breakdown).toHaveLength(6);
  for (const month of breakdown)
    expect(month).toMatchObject({
      month: expect.stringMatching(/^\d{4}-\d{2}$/),
      renewals: expect.any(Number),
      expectedRevenue: expect.any(Number),
    });
});
