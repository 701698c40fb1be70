import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerViaApi, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { onboardViaApi } from './support/broker';

const SAMPLE_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A client with an issued policy, a claim with its document and a call on the timeline, through the API. */
async function clientWithABook(request: APIRequestContext) {
  const reference = await (await request.get('/api/reference-data')).json();
  const product = reference.products.find((item: { name: string }) => item.name === 'Seguro Auto');
  const lead = await (
    await request.post('/api/pipeline', {
      data: {
        name: 'Camila Fernandes',
        phone: '(11) 98765-4321',
        productId: product.id,
        leadSourceId: reference.leadSources[0].id,
        stageId: reference.pipelineStages[0].id,
      },
    })
  ).json();
  const sale = {
    insurerId: reference.insurers[0].id,
    startDate: '2026-12-01',
    endDate: '2027-12-01',
    premioLiquido: '1000.00',
    iof: '73.80',
    juros: '0',
    totalPremium: '1073.80',
    commissionPercentage: '12.50',
  };
  expect((await request.post(`/api/pipeline-cards/${lead.id}/confirm-issuance`, { data: sale })).status()).toBe(200);
  expect((await request.post(`/api/pipeline-cards/${lead.id}/confirm-issuance`, { data: { policyNumber: 'AP-2026-77' } })).status()).toBe(
    200,
  );
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

test('the ficha do cliente: from Contatos, the client whole on a phone — policy, open instalment, claim with its document, timeline; each opens its screen (#35)', async ({
  page,
  playwright,
  baseURL,
}) => {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('ficha'));
  await onboardViaApi(page.request);
  const { contactId, claimId } = await clientWithABook(page.request);
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto('/contacts');
  await page.getByRole('link', { name: 'Camila Fernandes' }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${contactId}$`));
  await expect(page.getByRole('heading', { name: 'Camila Fernandes', level: 1 })).toBeVisible();
  const policies = page.getByRole('region', { name: 'Apólices' });
  await expect(policies.getByText('AP-2026-77 · Auto')).toBeVisible();
  await expect(policies.getByText('Ativa')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Parcelas em aberto' }).getByText('Parcela 1 · AP-2026-77')).toBeVisible();
  const claims = page.getByRole('region', { name: 'Sinistros' });
  await expect(claims.getByText(/Aberto/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Documentos' }).getByText('boletim.pdf')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Linha do tempo' }).getByText('Ligação: Avisou do sinistro')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Negócios no pipeline' }).getByText('Nenhum negócio em aberto.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'contact page');

  // Each item opens its own screen.
  await claims.getByRole('link', { name: 'Documentos do sinistro' }).click();
  await expect(page).toHaveURL(new RegExp(`/documents\\?sinistro=${claimId}$`));
  await expect(page.getByText('boletim.pdf')).toBeVisible();
  await page.goBack();
  await policies.getByRole('link', { name: 'Em Apólices' }).click();
  await expect(page).toHaveURL(/\/policies\?busca=Camila/);
  await expect(page.getByRole('main').getByText('AP-2026-77').first()).toBeVisible();

  // Another brokerage: the page and the API say the contact does not exist.
  const other = await playwright.request.newContext({ baseURL });
  await registerViaApi(other, 'Outro Corretor', uniqueEmail('ficha-outro'));
  await onboardViaApi(other);
  const foreign = await other.get(`/api/contacts/${contactId}/overview`);
  expect(foreign.status()).toBe(404);
  expect((await foreign.json()).message).toBe('Contato não encontrado.');
  await other.dispose();
});
