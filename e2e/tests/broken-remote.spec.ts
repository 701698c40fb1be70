import { expect, test } from '@playwright/test';
import { registerViaApi, uniqueEmail } from './support/accounts';
import { onboardViaApi } from './support/broker';

test('a remote that fails to load breaks only its own area', async ({ page }) => {
  await registerViaApi(page.request, 'Diego Reis', uniqueEmail('remote'));
  await onboardViaApi(page.request);

  // The catalogues remote is unreachable (as when its deployment is down).
  let blocked = true;
  await page.route('**/remotes/mfe-catalogues/**', (route) => (blocked ? route.abort('connectionrefused') : route.continue()));

  await page.goto('/settings');
  await expect(page.getByText('Não foi possível carregar esta área.')).toBeVisible();
  const nav = page.getByRole('navigation');
  await expect(nav).toBeVisible();

  // The rest of the product keeps working.
  await nav.getByRole('link', { name: 'Minha Corretora' }).click();
  await expect(page.getByRole('button', { name: 'Editar Dados' })).toBeVisible();
  await nav.getByRole('link', { name: 'Painel' }).click();
  await expect(page.getByText('Apólices Ativas', { exact: true })).toBeVisible();

  // Once the remote is back, the retry loads the area without a page reload.
  await nav.getByRole('link', { name: 'Configurações' }).click();
  await expect(page.getByText('Não foi possível carregar esta área.')).toBeVisible();
  blocked = false;
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('tab', { name: 'Produtos' })).toBeVisible();
});
