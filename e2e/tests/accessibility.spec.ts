import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { registerViaApi, uniqueEmail } from './support/accounts';
import { onboardViaApi } from './support/broker';

test('the public screens meet WCAG 2.1 AA as axe checks it', async ({ page }) => {
  for (const path of ['/', '/login', '/register', '/forgot-password', '/reset-password#token=x']) {
    await page.goto(path);
    await expect(page.locator('main, form, h1').first()).toBeVisible();
    await expectAccessible(page, path);
  }
});

test('onboarding, dashboard, profile and settings meet WCAG 2.1 AA as axe checks it', async ({ page }) => {
  // Seven screens, each checked by axe, while CI's lint and unit tests share the 2 cores: it ran past 60 s twice (a hang guard, not a speed bound).
  test.setTimeout(120_000);
  await registerViaApi(page.request, 'Hugo Lima', uniqueEmail('a11y'));
  await page.goto('/broker');
  // Among the first journeys after the stack starts: the remote's first load may take longer than an expect's 10 s on a busy CI machine.
  await expect(page.getByText('Passo 1 de 4')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'wizard');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByText('CPF é obrigatório')).toBeVisible();
  await expectAccessible(page, 'wizard with errors and the toast');

  await onboardViaApi(page.request);
  for (const [path, ready] of [
    ['/', 'Ações Rápidas'],
    ['/broker', 'Editar Dados'],
    ['/profile', 'Estatísticas da conta'],
    ['/settings', 'Seguro Auto'],
    ['/settings?tab=insurers', 'Porto Seguro'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
    await expectAccessible(page, path);
  }
  await page.getByRole('button', { name: 'Adicionar Seguradora' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'insurer dialog');
});
