import { expect, type APIRequestContext } from '@playwright/test';

const SAMPLE_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Refs {
  products: { id: number; name: string }[];
  leadSources: { id: number }[];
  insurers: { id: number }[];
  pipelineStages: { id: number; key: string }[];
}

/** A new lead in the first stage (the first product and lead source), through the API: its answer. */
export async function leadViaApi(request: APIRequestContext, name: string, phone: string) {
  const reference = await (await request.get('/api/reference-data')).json();
  return request.post('/api/pipeline', {
    data: {
      name,
      phone,
      productId: reference.products[0].id,
      leadSourceId: reference.leadSources[0].id,
      stageId: reference.pipelineStages[0].id,
    },
  });
}

/**
 * A 'Seguro Auto' lead won into an issued policy through the API (R$ 1.073,80 at 12,5%, the first
 * insurer), with the insurer's number: the card and its client.
 */
export async function issuedClientViaApi(
  request: APIRequestContext,
  client: { name: string; phone: string; startDate: string; endDate: string; policyNumber: string },
) {
  const reference = (await (await request.get('/api/reference-data')).json()) as Refs;
  const created = await request.post('/api/pipeline', {
    data: {
      name: client.name,
      phone: client.phone,
      productId: reference.products.find((item) => item.name === 'Seguro Auto')!.id,
      leadSourceId: reference.leadSources[0]!.id,
      stageId: reference.pipelineStages[0]!.id,
    },
  });
  expect(created.status()).toBe(201);
  const lead = (await created.json()) as { id: number; contactId: number };
  const sale = {
    insurerId: reference.insurers[0]!.id,
    startDate: client.startDate,
    endDate: client.endDate,
    premioLiquido: '1000.00',
    iof: '73.80',
    juros: '0',
    totalPremium: '1073.80',
    commissionPercentage: '12.50',
  };
  expect((await request.post(`/api/pipeline-cards/${lead.id}/confirm-issuance`, { data: sale })).status()).toBe(200);
  const numbered = await request.post(`/api/pipeline-cards/${lead.id}/confirm-issuance`, { data: { policyNumber: client.policyNumber } });
  expect(numbered.status()).toBe(200);
  return lead;
}

/** A client with an issued policy, a claim with its document and a call on the timeline, through the API. */
export async function clientWithABook(request: APIRequestContext) {
  const lead = await issuedClientViaApi(request, {
    name: 'Camila Fernandes',
    phone: '(11) 98765-4321',
    startDate: '2026-12-01',
    endDate: '2027-12-01',
    policyNumber: 'AP-2026-77',
  });
  const [policy] = await (await request.get('/api/policies')).json();
  const claim = await (
    await request.post('/api/claims', {
      data: { contactId: lead.contactId, policyId: policy.id, type: 'colisao', amount: '900.00', occurredAt: '2026-11-20' },
    })
  ).json();
  expect(
    (
      await request.post('/api/documents/upload', {
        multipart: {
          category: 'claims',
          claimId: String(claim.id),
          file: { name: 'boletim.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PDF },
        },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await request.post(`/api/contacts/${lead.contactId}/interactions`, { data: { type: 'ligacao', note: 'Avisou do sinistro' } })
    ).status(),
  ).toBe(201);
  return { contactId: lead.contactId as number, claimId: claim.id as number };
}

/** A 'Seguro Auto' lead finalized through the API: R$ 1.073,80 a year at 12,5% (renewal in a year and a bit). */
export async function finalizedViaApi(request: APIRequestContext, name: string) {
  const refs = (await (await request.get('/api/reference-data')).json()) as Refs;
  const created = await request.post('/api/pipeline', {
    data: {
      name,
      phone: '11987654321',
      leadSourceId: refs.leadSources[0]!.id,
      productId: refs.products.find((p) => p.name === 'Seguro Auto')!.id,
      stageId: refs.pipelineStages[0]!.id,
    },
  });
  expect(created.status()).toBe(201);
  const card = (await created.json()) as { id: number; contactId: number };
  const start = new Date();
  const end = new Date(start.getTime() + 400 * 86_400_000);
  const finalized = await request.post(`/api/pipeline-cards/${card.id}/confirm-issuance`, {
    data: {
      insurerId: refs.insurers[0]!.id,
      startDate: start.toISOString().slice(0, 10),
      endDate: end.toISOString().slice(0, 10),
      premioLiquido: '1000.00',
      iof: '73.80',
      juros: '0',
      totalPremium: '1073.80',
      commissionPercentage: '12.50',
    },
  });
  expect(finalized.status()).toBe(200);
  return card;
}

/** A policies sheet through /api/imports (as Apólices › Importar sends it), committed and done. */
export async function importPolicies(request: APIRequestContext, lines: string[]) {
  const created = await request.post('/api/imports', {
    multipart: {
      kind: 'policies',
      file: { name: 'apolices.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n'), 'latin1') },
    },
  });
  expect(created.status()).toBe(201);
  const { id, mapping } = (await created.json()) as { id: number; mapping: unknown };
  expect((await request.put(`/api/imports/${id}/mapping`, { data: { mapping } })).status()).toBe(200);
  expect((await request.post(`/api/imports/${id}/commit`, { data: {} })).status()).toBe(202);
  await expect.poll(async () => ((await (await request.get(`/api/imports/${id}`)).json()) as { status: string }).status).toBe('done');
}
