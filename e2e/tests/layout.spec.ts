import { expect, test } from '@playwright/test';
import { registerViaApi, uniqueEmail } from './support/accounts';
import { onboardViaApi } from './support/broker';

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
