import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, toast, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { importPolicies } from './support/book';
import { onboardViaApi } from './support/broker';
import { joinViaApi, portalCodeFor } from './support/outbox';

// The smallest valid PNG (1×1): a photo as the server's content check sees it.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const POLICY_PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4000, 65), Buffer.from('\n%%EOF\n')]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const BOLETO = 'https://boletos.porto.com.br/2via?linha=34191.79001.01043';
const br = (iso: string) => iso.split('-').reverse().join('/');
const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('the client portal: the owner turns it on; a client signs in by code on a phone, downloads the policy PDF, sees an overdue instalment, reports a claim with a photo; the producer finds it in Minhas tarefas', async ({
  page,
  browser,
}) => {
  // Three people's screens, an import and a download: more than one journey's default minute.
  test.setTimeout(180_000);
  await registerViaApi(page.request, 'Dona Portal', uniqueEmail('portal-owner'));
  await onboardViaApi(page.request);
  const paulo = await (await browser.newContext()).newPage();
  await joinViaApi(page.request, paulo.request, 'producer', 'Paulo Portal', uniqueEmail('portal-paulo'));

  // Paulo's client, with two policies (one expired, its instalment unpaid) and the current one's PDF.
  const clientEmail = uniqueEmail('portal-joana');
  const created = await paulo.request.post('/api/contacts', {
    data: { name: 'Joana Portal', phone: '(11) 98765-1234', cpf: '529.982.247-25', email: clientEmail, type: 'individual' },
  });
  expect(created.status()).toBe(201);
  const { id: contactId } = (await created.json()) as { id: number };
  await importPolicies(paulo.request, [
    'Apólice;Seguradora;Segurado;CPF do segurado;Ramo;Início;Fim;Prêmio Líquido;Prêmio Total;% Comissão',
    `JP-1;Porto Seguro;Joana Portal;52998224725;Auto;${br('2025-01-10')};${br('2026-01-10')};1.000,00;1.073,80;10`,
    `JP-2;Porto Seguro;Joana Portal;52998224725;Auto;${br('2026-03-01')};${br('2027-03-01')};1.200,00;1.288,56;10`,
  ]);
  const policies = (await (await paulo.request.get('/api/policies')).json()) as { id: number; policyNumber: string }[];
  const current = policies.find((policy) => policy.policyNumber === 'JP-2')!;
  const uploaded = await paulo.request.post('/api/documents/upload', {
    multipart: {
      category: 'policies',
      policyId: String(current.id),
      file: { name: 'apolice-jp2.pdf', mimeType: 'application/pdf', buffer: POLICY_PDF },
    },
  });
  expect(uploaded.status()).toBe(201);

  // Paulo attaches the expired policy's unpaid boleto to its instalment (Apólices › Parcelas), checked before sending.
  await paulo.goto('/policies');
  await paulo.getByRole('button', { name: 'Parcelas da apólice JP-1' }).click();
  await paulo.getByRole('button', { name: 'Anexar link do boleto ou Pix da parcela 1' }).click();
  const linkDialog = paulo.getByRole('dialog', { name: 'Boleto ou Pix da parcela 1/1' });
  await linkDialog.getByRole('textbox', { name: 'Link do boleto ou do Pix' }).fill('http://boletos.porto.com.br/jp1');
  await linkDialog.getByRole('button', { name: 'Salvar link' }).click();
  await expect(linkDialog.getByText('Informe o link do boleto ou do Pix começando com https://')).toBeVisible();
  await linkDialog.getByRole('textbox', { name: 'Link do boleto ou do Pix' }).fill(BOLETO);
  await linkDialog.getByRole('button', { name: 'Salvar link' }).click();
  await expect(toast(paulo, 'Link de pagamento anexado')).toBeVisible();
  await expect(paulo.getByRole('button', { name: 'Link anexado da parcela 1: alterar' })).toBeVisible();
  await expectAccessible(paulo, 'instalment payment link');

  // The owner turns the portal on in Configurações; its address is the brokerage's public one.
  await page.goto('/settings?tab=portal');
  const portalSwitch = page.getByRole('switch', { name: 'Portal do cliente ligado' });
  await expect(portalSwitch).not.toBeChecked();
  await portalSwitch.click();
  await expect(toast(page, 'Portal do cliente ligado')).toBeVisible();
  await expect(portalSwitch).toBeChecked();
  const portalPath = (await page.getByRole('link', { name: /\/cliente\// }).getAttribute('href'))!;
  expect(portalPath).toMatch(/^\/cliente\/[a-z0-9-]+$/);
  await expectAccessible(page, 'portal settings');

  // The client, on a phone, signed out of everything.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
  const client = await phone.newPage();
  await client.goto(portalPath);
  await expect(client.getByRole('heading', { name: 'Entrar no portal' })).toBeVisible();
  await expect(client.getByText('Portal do cliente').first()).toBeVisible();
  await expectAccessible(client, 'portal sign-in');
  await noSideScroll(client);
  await client.getByRole('textbox', { name: 'CPF ou CNPJ' }).fill('529.982.247-00');
  await client.getByRole('button', { name: 'Receber código' }).click();
  await expect(client.getByText('Informe um CPF ou CNPJ válido')).toBeVisible();
  await client.getByRole('textbox', { name: 'CPF ou CNPJ' }).fill('529.982.247-25');
  await client.getByRole('button', { name: 'Receber código' }).click();
  await expect(client.getByText('Se você for cliente, enviamos um código.')).toBeVisible();
  const code = await portalCodeFor(clientEmail);
  await client.getByRole('textbox', { name: 'Código' }).fill(code === '000000' ? '111111' : '000000');
  await client.getByRole('button', { name: 'Entrar' }).click();
  await expect(client.getByText('Código inválido ou expirado. Confira o código ou peça outro.')).toBeVisible();
  await client.getByRole('textbox', { name: 'Código' }).fill(code);
  await client.getByRole('button', { name: 'Entrar' }).click();
  await expect(client.getByRole('heading', { name: 'Olá, Joana' })).toBeVisible();

  // Both policies, the current one's PDF as stored.
  await expect(client.getByText('Apólice nº JP-2')).toBeVisible();
  await expect(client.getByText('Apólice nº JP-1')).toBeVisible();
  await client.getByRole('button', { name: 'Documentos (1)' }).click();
  const downloading = client.waitForEvent('download');
  await client.getByRole('link', { name: /Apólice \(PDF\)/ }).click();
  const download = await downloading;
  expect(sha256(await readFile((await download.path())!))).toBe(sha256(POLICY_PDF));

  // The expired policy's unpaid instalment, in red.
  const overdue = client.getByText(/Vence em 10\/01\/2025 · Apólice JP-1/);
  await expect(overdue).toBeVisible();
  const colour = await overdue.evaluate((element) => getComputedStyle(element).color);
  const [red, green, blue] = colour.match(/\d+/g)!.map(Number);
  expect(red!).toBeGreaterThan(150);
  expect(green!).toBeLessThan(100);
  expect(blue!).toBeLessThan(100);
  // Its boleto, as Paulo attached it, opens in a new tab.
  const pay = client.getByRole('link', { name: 'Pagar (boleto ou Pix) a parcela 1 da apólice JP-1, em nova aba' });
  await expect(pay).toHaveAttribute('href', BOLETO);
  await expect(pay).toHaveAttribute('target', '_blank');
  await expectAccessible(client, 'portal home');
  await noSideScroll(client);

  // Avisar sinistro, with a photo.
  await client.getByRole('button', { name: 'Avisar sinistro' }).click();
  const dialog = client.getByRole('dialog', { name: 'Avisar sinistro' });
  await dialog.getByRole('textbox', { name: 'O que aconteceu' }).fill('Bateram na traseira do carro no semáforo.');
  await dialog.getByRole('textbox', { name: /Quando/ }).fill('20/11/2026');
  await dialog.getByRole('textbox', { name: 'Onde' }).fill('Av. Paulista, 1000');
  await client.getByLabel('Fotos do sinistro').setInputFiles({ name: 'traseira.png', mimeType: 'image/png', buffer: PNG });
  await expectAccessible(client, 'portal claim dialog');
  await dialog.getByRole('button', { name: 'Avisar a corretora' }).click();
  await expect(dialog).toBeHidden();
  const reported = client.getByText(/Sinistro SIN-\d{4}-\d{6} avisado/);
  await expect(reported).toBeVisible();
  const claimId = /SIN-\d{4}-\d{6}/.exec((await reported.textContent())!)![0];
  await expect(client.getByText(`Apólice JP-2 · ocorrido em 20/11/2026 · 1 foto(s)`)).toBeVisible();

  // Paulo, the client's producer: the task in Minhas tarefas, marked as the client's, and the claim in Aberto.
  await paulo.goto('/tasks');
  await expect(paulo.getByLabel(new RegExp(`^Pedido do cliente \\(portal\\): Sinistro ${claimId}`))).toBeVisible();
  await paulo.goto('/claims');
  await expect(paulo.getByRole('row', { name: new RegExp(`${claimId}.*Aberto`) })).toBeVisible();
  // The ficha: the client's last access, and the claim on the timeline as the client's.
  await paulo.goto(`/contacts/${contactId}`);
  await expect(paulo.getByRole('region', { name: 'Acesso ao portal' }).getByText(/Último acesso: /)).toBeVisible();

  // Sair: the session is over for every portal operation.
  await client.getByRole('button', { name: 'Sair' }).click();
  await expect(client.getByRole('heading', { name: 'Entrar no portal' })).toBeVisible();
  expect((await client.request.get('/api/portal/policies')).status()).toBe(401);
});
