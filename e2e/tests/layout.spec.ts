import { expect, test } from '@playwright/test';
import { registerViaApi, uniqueEmail } from './support/accounts';
import { onboardViaApi } from './support/broker';
import { clientWithABook } from './support/book';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone the navigation is a menu that opens over the page and closes when a page is chosen', async ({ page }) => {
  await registerViaApi(page.request, 'Gil Ramos', uniqueEmail('phone'));
  await onboardViaApi(page.request);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(nav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();

  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await nav.getByRole('link', { name: 'Configurações' }).click();
  await expect(page).toHaveURL(/\/settings/);
  await expect(nav).toBeHidden();
  // The page fits the screen: nothing scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
});

test('every route fits a 390 px phone with a book in it: nothing wider than the screen (#35 item 6)', async ({ page }) => {
  test.setTimeout(120_000);
  await registerViaApi(page.request, 'Gil Ramos', uniqueEmail('phone-routes'));
  await onboardViaApi(page.request);
  const { contactId } = await clientWithABook(page.request);
  const routes = [
    '/',
    '/tasks',
    '/pipeline',
    '/contacts',
    `/contacts/${contactId}`,
    '/claims',
    '/policies',
    '/policies?aba=renovacoes',
    '/commissions',
    '/commissions?aba=apolices',
    '/commissions?aba=projecoes',
    '/commissions?aba=recebiveis',
    '/documents',
    '/settings',
    '/settings?tab=insurers',
    '/settings?tab=stages',
    '/settings?tab=messages',
    '/profile',
    '/broker',
  ];
  const wider: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) wider.push(`${route}: ${overflow}px wider`);
  }
  expect(wider).toEqual([]);
});

test('the keyboard’s first stop skips to the page; an unknown address says so and leads back to the Painel (#35 item 7)', async ({
  page,
}) => {
  await registerViaApi(page.request, 'Gil Ramos', uniqueEmail('skip'));
  await onboardViaApi(page.request);
  await page.goto('/policies');
  await expect(page.getByRole('heading', { name: 'Gestão de Apólices' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  await page.goto('/nao-existe');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao Painel' }).click();
  await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();
});
