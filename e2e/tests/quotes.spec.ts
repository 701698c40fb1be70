import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, toast, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { BROKERAGE, onboardViaApi } from './support/broker';
import { carryWithKeyboard } from './support/board';

// A 1x1 PNG: the brokerage's logo as the journey sends it.
const LOGO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A new lead through the API (an Auto one for Maria unless said): its card's id. */
async function apiLead(page: Page, product = 'Seguro Auto', name = 'Maria Souza'): Promise<number> {
  const reference = await (await page.request.get('/api/reference-data')).json();
  const lead = await page.request.post('/api/pipeline', {
    data: {
      name,
      phone: '(11) 98765-4321',
      productId: reference.products.find((each: { name: string }) => each.name === product).id,
      leadSourceId: reference.leadSources[0].id,
      stageId: reference.pipelineStages[0].id,
    },
  });
  expect(lead.status()).toBe(201);
  return (await lead.json()).id as number;
}

test('a new Auto lead with its car, six insurers quoted by copying the first, side by side with the cheapest marked; the car found by its plate (#60)', async ({
  page,
}) => {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('cotacoes'));
  await onboardViaApi(page.request);
  const cardId = await apiLead(page);
  const insurers = ((await (await page.request.get('/api/reference-data')).json()).insurers as { name: string }[]).slice(0, 6);
  expect(insurers).toHaveLength(6);

  // From the board: the lead's dialog leads to its quotes.
  await page.goto('/pipeline');
  await page.getByText('Maria Souza').first().click();
  await page.getByRole('link', { name: 'Cotações e item segurado' }).click();
  await expect(page).toHaveURL(new RegExp(`/pipeline/${cardId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Maria Souza' })).toBeVisible();

  // The car: a Mercosul plate typed with a hyphen.
  const car = page.getByRole('form', { name: 'Veículo segurado' });
  await car.getByLabel('Placa', { exact: true }).fill('rio-2a18');
  await car.getByLabel('Marca', { exact: true }).fill('Chevrolet');
  await car.getByLabel('Modelo', { exact: true }).fill('Onix 1.0 Turbo');
  await car.getByLabel('Ano do modelo').fill('2023');
  await car.getByLabel('Código FIPE').fill('0044071');
  await car.getByLabel('CEP de pernoite').fill('01310100');
  await car.getByLabel('Principal condutor').fill('Maria Souza');
  await car.getByRole('button', { name: 'Salvar item segurado' }).click();
  await expect(toast(page, 'Item segurado salvo')).toBeVisible();
  await expect(page.getByText('Chevrolet Onix 1.0 Turbo 2023 · RIO2A18')).toBeVisible();

  // The first quote, whole.
  await page.getByRole('button', { name: 'Nova cotação' }).click();
  let dialog = page.getByRole('dialog', { name: 'Nova cotação' });
  await dialog.getByLabel(/^Seguradora/).selectOption({ label: insurers[0]!.name });
  await dialog.getByLabel(/^Prêmio total/).pressSequentially('312040');
  await dialog.getByLabel(/^Prêmio líquido/).pressSequentially('290000');
  await dialog.getByLabel('Comissão oferecida (%)').pressSequentially('1500');
  await dialog.getByLabel('Casco (colisão, incêndio, roubo e furto)').check();
  await dialog.getByLabel('Detalhe').first().fill('100% FIPE');
  await dialog.getByLabel('RCF — danos materiais').check();
  await dialog.getByLabel('Limite (LMI)').nth(1).pressSequentially('10000000');
  await dialog.getByRole('button', { name: 'Adicionar cotação' }).click();
  await expect(toast(page, 'Cotação adicionada')).toBeVisible();

  // Five more, each a copy of the first with the next insurer and its premium.
  const totals = ['289010', '350000', '275099', '301000', '299999'];
  for (const [index, total] of totals.entries()) {
    await page.getByRole('button', { name: `Ações da cotação da ${insurers[0]!.name}` }).click();
    await page.getByRole('menuitem', { name: 'Copiar' }).click();
    dialog = page.getByRole('dialog', { name: 'Copiar cotação' });
    await dialog.getByLabel(/^Seguradora/).selectOption({ label: insurers[index + 1]!.name });
    await dialog.getByLabel(/^Prêmio total/).fill('');
    await dialog.getByLabel(/^Prêmio total/).pressSequentially(total);
    await dialog.getByLabel(/^Prêmio líquido/).fill('');
    await dialog.getByLabel(/^Prêmio líquido/).pressSequentially(String(Number(total) - 10000));
    await dialog.getByRole('button', { name: 'Adicionar cotação' }).click();
    await expect(dialog).toBeHidden();
  }

  const table = page.getByRole('table', { name: 'Comparação das cotações' });
  await expect(table.getByRole('columnheader')).toHaveCount(7);
  // The cheapest first, and marked: 2.750,99 is the fourth insurer's.
  const first = table.getByRole('columnheader').nth(1);
  await expect(first).toContainText(insurers[3]!.name);
  await expect(first).toContainText('Mais barata');
  await expect(table.getByRole('row', { name: /Prêmio total/ })).toContainText('R$ 2.750,99');
  await expect(table.getByRole('row', { name: /Sua comissão/ }).first()).toContainText('15,00%');
  await expectAccessible(page, 'the quotes side by side');

  // At 390 px the page does not scroll sideways: the comparison scrolls inside its frame.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The top bar finds the deal by its plate, typed as the old plate of the same car.
  await page.setViewportSize({ width: 1280, height: 800 });
  const box = page.getByRole('combobox', { name: /Buscar clientes/ });
  await box.fill('RIO-2018');
  await expect(
    page
      .getByRole('listbox', { name: 'Resultados da busca' })
      .getByRole('option', { name: /Maria Souza/ })
      .first(),
  ).toBeVisible();
});

test('the CNSP 382 disclosure from Minha Corretora to the deal: items I–III saved, the informe e-mailed with its hash on the timeline, then "Fechar com esta cotação" finalizes the card with the quote (#60)', async ({
  page,
}) => {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('informe'));
  await onboardViaApi(page.request);
  const cardId = await apiLead(page);
  const insurer = ((await (await page.request.get('/api/reference-data')).json()).insurers as { id: number; name: string }[])[0]!;
  const quote = await page.request.post(`/api/pipeline-cards/${cardId}/quotes`, {
    data: {
      insurerId: insurer.id,
      line: 'auto',
      totalPremium: '2750.99',
      netPremium: '2650.99',
      iof: '100.00',
      commissionPercent: '17.33',
    },
  });
  expect(quote.status()).toBe(201);

  // Items I–III in Minha Corretora.
  await page.goto('/broker');
  await page.getByRole('button', { name: 'Editar informe' }).click();
  let dialog = page.getByRole('dialog', { name: 'Informe CNSP 382' });
  await dialog.getByRole('region', { name: /^II/ }).getByRole('button', { name: 'Adicionar participação' }).click();
  await dialog.getByRole('textbox', { name: 'Seguradora', exact: true }).fill('Seguradora Acionista S.A.');
  await dialog.getByLabel('Participação (%)').pressSequentially('1250');
  await dialog.getByRole('button', { name: 'Salvar informe' }).click();
  await expect(toast(page, 'Informe CNSP 382 salvo')).toBeVisible();
  await expect(page.getByText('Seguradora Acionista S.A. (12,50%)')).toBeVisible();

  // On the deal: not sent yet, then e-mailed.
  await page.goto(`/pipeline/${cardId}`);
  const table = page.getByRole('table', { name: 'Comparação das cotações' });
  await expect(table.getByRole('row', { name: /Informe CNSP 382/ })).toContainText('Informe CNSP 382 não enviado');
  await page.getByRole('button', { name: `Ações da cotação da ${insurer.name}` }).click();
  await page.getByRole('menuitem', { name: 'Informe CNSP 382' }).click();
  dialog = page.getByRole('dialog', { name: 'Informe de remuneração (CNSP 382)' });
  await dialog.getByLabel(/^Como entregar/).selectOption({ label: 'Enviar por e-mail' });
  await dialog.getByLabel('E-mail do cliente').fill('maria@example.com');
  await dialog.getByRole('button', { name: 'Gerar informe' }).click();
  await expect(toast(page, 'Informe CNSP 382 registrado')).toBeVisible();
  await expect(table.getByRole('row', { name: /Informe CNSP 382/ })).toContainText('Enviado em');
  const timeline = await (await page.request.get(`/api/contacts/${(await quote.json()).contactId}/timeline`)).json();
  const sent = timeline.entries.find((entry: { kind: string }) => entry.kind === 'sent');
  expect(sent.text).toContain('remuneração R$ 459,42');
  expect(sent.sha256).toMatch(/^[0-9a-f]{64}$/);

  // Closing with it: the board opens the finalized card's summary with the quote's figures. The informe's
  // dialog is gone first: a menu opened while it closes (and hands the focus back) could miss the click.
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `Ações da cotação da ${insurer.name}` }).click();
  await page.getByRole('menuitem', { name: 'Fechar com esta cotação' }).click();
  await page.getByRole('button', { name: 'Fechar negócio' }).click();
  await expect(page).toHaveURL(/\/pipeline/);
  await expect(page.getByRole('dialog').getByText('R$ 2.750,99').first()).toBeVisible();
  const card = ((await (await page.request.get('/api/pipeline')).json()) as { id: number; stage: string; totalPremium: string }[]).find(
    (entry) => entry.id === cardId,
  )!;
  expect(card).toMatchObject({ stage: 'closed', totalPremium: '2750.99' });
});

test("the client's comparison: the brokerage's logo sent in Minha Corretora, the comparison e-mailed from the deal, opened without a session with the logo (no commission, 390 px), then revoked (#60)", async ({
  page,
  browser,
}) => {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('comparativo'));
  await onboardViaApi(page.request);
  const cardId = await apiLead(page);
  const insurers = ((await (await page.request.get('/api/reference-data')).json()).insurers as { id: number; name: string }[]).slice(0, 2);
  for (const [index, insurer] of insurers.entries())
    expect(
      (
        await page.request.post(`/api/pipeline-cards/${cardId}/quotes`, {
          data: {
            insurerId: insurer.id,
            line: 'auto',
            totalPremium: index === 0 ? '3100.00' : '2750.99',
            netPremium: '2500.00',
            commissionPercent: '17.33',
            coverages: [{ key: 'casco', label: 'Casco', limit: null, detail: '100% FIPE' }],
          },
        })
      ).status(),
    ).toBe(201);

  // The logo, in Minha Corretora: a file that is not an image is refused with the server's reason.
  await page.goto('/broker');
  const logoCard = page.locator('.fui-Card').filter({ has: page.getByRole('heading', { name: 'Logotipo' }) });
  await expect(logoCard).toContainText('Nenhum logotipo enviado.');
  const file = page.getByLabel('Arquivo do logotipo');
  await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('isto não é uma imagem') });
  await expect(logoCard.getByRole('alert')).toHaveText('Envie o logotipo como imagem PNG ou JPG.');
  // Through the gateway a logo near its 1 MB passes, one past it is the service's pt-BR 413 (not nginx's page).
  const near = await page.request.post('/api/broker-profile/logo', {
    multipart: { logo: { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.concat([LOGO, Buffer.alloc(1000 * 1024)]) } },
  });
  expect(near.status()).toBe(200);
  const past = await page.request.post('/api/broker-profile/logo', {
    multipart: { logo: { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.concat([LOGO, Buffer.alloc(1024 * 1024)]) } },
  });
  expect([past.status(), (await past.json()).message]).toEqual([413, 'O logotipo deve ter no máximo 1 MB.']);
  await page.request.delete('/api/broker-profile/logo');
  await page.reload();
  await expect(logoCard).toContainText('Nenhum logotipo enviado.');
  await file.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  await expect(toast(page, 'Logotipo atualizado')).toBeVisible();
  await expect(logoCard.getByRole('img', { name: `Logotipo de ${BROKERAGE.tradingName}` })).toBeVisible();
  await expect(logoCard.getByRole('button', { name: 'Trocar logotipo' })).toBeVisible();

  await page.goto(`/pipeline/${cardId}`);
  await page.getByRole('button', { name: 'Enviar comparativo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar comparativo ao cliente' });
  await dialog.getByLabel(/^Como entregar/).selectOption({ label: 'Enviar por e-mail' });
  await dialog.getByLabel('E-mail do cliente').fill('maria@example.com');
  await dialog.getByRole('button', { name: 'Criar comparativo' }).click();
  await expect(toast(page, 'Comparativo pronto')).toBeVisible();
  const sent = page.getByRole('region', { name: 'Comparativos enviados' });
  await expect(sent).toContainText('2 cotação(ões)');
  const url = ((await (await page.request.get(`/api/pipeline-cards/${cardId}/comparisons`)).json()) as { url: string }[])[0]!.url;

  // The client, on a phone, without a session.
  const client = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await client.newPage();
  await phone.goto(url);
  await expect(phone.getByRole('heading', { level: 1 })).toContainText('Comparativo de cotações');
  await expect(phone.getByText('Olá, Maria.')).toBeVisible();
  const logo = phone.getByRole('img', { name: `Logotipo de ${BROKERAGE.tradingName}` });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
  const cards = phone.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(insurers[1]!.name);
  await expect(cards.first()).toContainText('R$ 2.750,99');
  await expect(phone.locator('main')).not.toContainText(/comiss|17,33/i);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(phone, "the client's comparison");

  // Revoked from the deal: the link stops opening.
  await sent.getByRole('button', { name: 'Revogar link' }).click();
  await page.getByRole('button', { name: 'Revogar', exact: true }).click();
  await expect(toast(page, 'Link revogado')).toBeVisible();
  await phone.goto(url);
  await phone.reload();
  await expect(phone.getByRole('alert')).toContainText('Comparativo não encontrado ou expirado');
  await client.close();
});

test('Configurações › Cotações makes the CNSP 382 disclosure required: the finalize form warns, then the server refuses until it is sent (#60)', async ({
  page,
}) => {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('obrigatorio'));
  await onboardViaApi(page.request);
  const cardId = await apiLead(page);

  // Off (the default): dropping the card on Finalizado opens the form with the warning.
  const stage = async () =>
    ((await (await page.request.get('/api/pipeline')).json()) as { id: number; stage: string }[]).find((entry) => entry.id === cardId)!
      .stage;
  const columns: [key: string, name: string][] = [
    ['leads', 'Contato'],
    ['qualified', 'Negociação'],
    ['proposal', 'Fechamento'],
    ['closed', 'Finalizado'],
  ];
  // Carried with the keyboard to Finalizado, from whichever column it is in.
  const toFinalizado = async () => {
    const current = await stage();
    const from = columns.findIndex(([key]) => key === current);
    await page.goto('/pipeline');
    await carryWithKeyboard(
      page,
      card,
      'Maria Souza',
      columns.slice(from + 1).map(([, name]) => name),
    );
    await page.keyboard.press('Space');
  };
  const card = page.getByRole('button', { name: 'Maria Souza', exact: true });
  await toFinalizado();
  let dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Finalizar Venda')).toBeVisible();
  await expect(dialog.getByText('Informe CNSP 382 não enviado.')).toBeVisible();
  await expect(dialog.getByText(/pede que o cliente receba o informe/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // A manager makes it required, at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings?tab=quotes');
  const rule = page.getByRole('switch', { name: 'Exigir o informe enviado antes de finalizar uma venda ou emitir a apólice' });
  await expect(rule).not.toBeChecked();
  await rule.click();
  await expect(toast(page, 'Informe CNSP 382 obrigatório')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'quote settings');
  await page.reload();
  await expect(rule).toBeChecked();

  // Required: the form says so, and finishing it is refused with the same words.
  await page.setViewportSize({ width: 1280, height: 800 });
  await toFinalizado();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/exige enviar ao cliente o informe de remuneração/)).toBeVisible();
  await dialog.getByLabel('Seguradora').selectOption({ index: 1 });
  await dialog.getByLabel('Início da vigência').pressSequentially('01122026');
  await dialog.getByLabel('Prêmio líquido').pressSequentially('100000');
  await dialog.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByText(/^Informe CNSP 382 não enviado: a sua corretora exige/).first()).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(await stage()).not.toBe('closed');
  await dialog.getByRole('link', { name: 'Enviar na página do negócio' }).click();
  await expect(page).toHaveURL(new RegExp(`/pipeline/${cardId}$`));
});

test('a Vida deal records its insured persons on the deal page, each CPF checked before sending, at 390 px (#60)', async ({ page }) => {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('pessoas'));
  await onboardViaApi(page.request);
  const cardId = await apiLead(page, 'Seguro de Vida', 'Joana Lima');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/pipeline/${cardId}`);
  const form = page.getByRole('form', { name: 'Pessoas seguradas' });
  await form.getByLabel('Nome da pessoa 1').fill('Joana Lima');
  await form.getByLabel('CPF').first().fill('111.111.111-11');
  await form.getByRole('button', { name: 'Adicionar pessoa' }).click();
  await form.getByLabel('Nome da pessoa 2').fill('Pedro Lima');
  await form.getByLabel('Nascimento').nth(1).fill('10/05/2015');
  await form.getByRole('button', { name: 'Salvar item segurado' }).click();
  await expect(form.getByText('CPF inválido')).toBeVisible();
  await form.getByLabel('CPF').first().fill('529.982.247-25');
  await form.getByRole('button', { name: 'Salvar item segurado' }).click();
  await expect(toast(page, 'Item segurado salvo')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Item segurado' }).getByText('2 pessoas')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const card = ((await (await page.request.get('/api/pipeline')).json()) as { id: number; insuredItem: unknown }[]).find(
    (entry) => entry.id === cardId,
  )!;
  expect(card.insuredItem).toMatchObject({
    kind: 'persons',
    persons: [
      { name: 'Joana Lima', cpf: '52998224725', birthDate: null },
      { name: 'Pedro Lima', cpf: null, birthDate: '2015-05-10' },
    ],
  });
  await expectAccessible(page, 'insured persons');
});

test('quotes from a spreadsheet on the deal page: a sheet with errors lists them and makes nothing, the fixed one makes every row a quote (#60)', async ({
  page,
}) => {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('planilha'));
  await onboardViaApi(page.request);
  const cardId = await apiLead(page);
  const insurers = ((await (await page.request.get('/api/reference-data')).json()).insurers as { name: string }[]).map((i) => i.name);
  const header = 'Seguradora;Prêmio total;Prêmio líquido;IOF;Comissão;Parcelas;Valor da parcela;Casco;Vidros';
  const sheet = (rows: string[]) => ({ name: 'cotacoes.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\r\n')) });
  await page.goto(`/pipeline/${cardId}`);
  const chooser = page.getByLabel('Planilha de cotações (CSV ou XLSX)');
  await chooser.setInputFiles(
    sheet([`${insurers[0]};2.750,99;2.500,00;184,50;15;10;290,00;100% FIPE;1.500,00`, 'Seguradora X;1.000,00;;;;;;;']),
  );
  await expect(page.getByText('A planilha tem linhas com erro: nenhuma cotação foi importada.', { exact: false })).toBeVisible();
  await expect(page.getByText('Linha 3: Seguradora não cadastrada: Seguradora X')).toBeVisible();
  await expect(page.getByText('Nenhuma cotação ainda.', { exact: false })).toBeVisible();

  await chooser.setInputFiles(
    sheet([
      `${insurers[0]};2.750,99;2.500,00;184,50;15;10;290,00;100% FIPE;1.500,00`,
      `${insurers[1]};2.600,00;2.400,00;177,12;12,5;;;100% FIPE;`,
    ]),
  );
  await expect(toast(page, '2 cotações importadas')).toBeVisible();
  const table = page.getByRole('table', { name: 'Comparação das cotações' });
  await expect(table).toContainText('R$ 2.600,00');
  await expect(table).toContainText('R$ 2.750,99');
  await expect(page.getByText('Linha 3: Seguradora não cadastrada')).toBeHidden();
});
