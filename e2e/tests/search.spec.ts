import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { onboardViaApi } from './support/broker';
import { clientWithABook, leadViaApi } from './support/book';

/** Types into the top bar's box and waits for the option (the search answers a beat after typing stops). */
async function searchFor(page: Page, text: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: /Buscar clientes/ });
  await box.fill(text);
  const found = page.getByRole('listbox', { name: 'Resultados da busca' }).getByRole('option', { name: option });
  await expect(found).toBeVisible();
  return found;
}

test('one search box in the top bar: clients by CPF with or without the mask and by name without accents, policies, claims and open cards; Ctrl+K, / and the arrows; each opens its screen (#35)', async ({
  page,
}) => {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('busca'));
  await onboardViaApi(page.request);
  const { contactId } = await clientWithABook(page.request);
  const joao = await page.request.post('/api/contacts', {
    data: { kind: 'pf', name: 'João da Conceição', cpf: '52998224725', phone: '(11) 3222-4455' },
  });
  expect(joao.status()).toBe(201);
  const joaoId = (await joao.json()).id as number;
  const lead = await leadViaApi(page.request, 'Bruna Simões', '(21) 99876-5432');
  expect(lead.status()).toBe(201);

  await page.goto('/dashboard');
  const box = page.getByRole('combobox', { name: /Buscar clientes/ });
  // Ctrl+K from anywhere on the page.
  await page.getByRole('heading', { level: 1 }).first().click();
  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();
  await box.pressSequentially('a');
  await expect(page.getByRole('status').filter({ hasText: 'Digite ao menos 2 caracteres.' })).toBeVisible();
  await searchFor(page, '529.982.247-25', /João da Conceição/);
  await expectAccessible(page, 'search results');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/contacts/${joaoId}$`));
  await expect(page.getByRole('heading', { name: 'João da Conceição', level: 1 })).toBeVisible();
  await expect(box).toHaveValue('');

  // '/' focuses the box; a name without accents; the unmasked CPF.
  await page.getByRole('heading', { level: 1 }).first().click();
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await searchFor(page, 'conceicao', /João da Conceição/);
  await searchFor(page, '52998224725', /João da Conceição/);
  await box.fill('zzzzqq');
  await expect(page.getByText('Nada encontrado para “zzzzqq”.')).toBeVisible();

  // A policy by its number as typed, without separators: its row in Apólices.
  const policy = await searchFor(page, 'ap202677', /Apólice AP-2026-77/);
  await policy.click();
  await expect(page).toHaveURL(/\/policies\?busca=AP-2026-77$/);
  await expect(page.getByRole('main').getByText('AP-2026-77').first()).toBeVisible();

  // A claim by our number: its dialog in Sinistros.
  await searchFor(page, 'SIN-2026-000001', /Sinistro SIN-2026-000001/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Editar sinistro SIN-2026-000001' })).toBeVisible();
  await page.keyboard.press('Escape');

  // A client with an open card: the arrows reach the card, Enter opens it on the board.
  await searchFor(page, 'simoes', /No pipeline, em Contato/);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: /No pipeline/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pipeline$/);
  await expect(page.getByRole('dialog', { name: 'Editar Lead' })).toBeVisible();
  // The card dialog is a work view: where the card stands, what comes next, the client, and a move (#35 item 4).
  const work = page.getByRole('region', { name: 'Andamento do negócio' });
  await expect(work.getByText('Em Contato há 0 dias')).toBeVisible();
  await expect(work.getByText('Sem próxima ação')).toBeVisible();
  await expect(work.getByRole('link', { name: 'Ficha do cliente' })).toHaveAttribute('href', /\/contacts\/\d+$/);
  await expect(work.getByRole('link', { name: 'Ligar' })).toHaveAttribute('href', 'tel:+5521998765432');
  await work.getByRole('combobox', { name: 'Mover para…' }).selectOption('Negociação');
  await expect(page.getByRole('dialog', { name: 'Editar Lead' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Negociação' }).getByText('Bruna Simões')).toBeVisible();

  // On a phone: the box is in the top bar and the page stays within the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/policies');
  await expect(box).toBeVisible();
  await searchFor(page, 'camila', /Camila Fernandes/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/contacts/${contactId}$`));
});

test('the search answers only within the brokerage, and says why a query is refused', async ({ page, playwright, baseURL }) => {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('busca-escopo'));
  await onboardViaApi(page.request);
  await clientWithABook(page.request);
  const mine = await (await page.request.get('/api/search?q=camila')).json();
  expect(mine.clients.map((client: { name: string }) => client.name)).toEqual(['Camila Fernandes']);

  const other = await playwright.request.newContext({ baseURL });
  await registerViaApi(other, 'Outro Corretor', uniqueEmail('busca-outro'));
  await onboardViaApi(other);
  for (const q of ['camila', 'AP-2026-77', 'SIN-2026-000001']) {
    const theirs = await (await other.get(`/api/search?q=${encodeURIComponent(q)}`)).json();
    expect([q, theirs.clients, theirs.policies, theirs.claims, theirs.cards]).toEqual([q, [], [], [], []]);
  }
  const short = await other.get('/api/search?q=a');
  expect(short.status()).toBe(400);
  expect((await short.json()).message).toBe('Digite ao menos 2 caracteres para buscar');
  await other.dispose();
});
