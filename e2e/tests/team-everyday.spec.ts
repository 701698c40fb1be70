import { expect, test } from '@playwright/test';
import { PASSWORD, registerViaApi, signInThroughForm, toast, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { BROKERAGE, onboardViaApi } from './support/broker';
import { joinViaApi } from './support/outbox';

test("a producer's Meu Perfil is his own: he edits his name, mobile and password, and never sees the owner's CPF or mobile (#58)", async ({
  page,
  browser,
}) => {
  await registerViaApi(page.request, 'Dona Regina', uniqueEmail('dona'));
  await onboardViaApi(page.request);
  const context = await browser.newContext();
  const paulo = await context.newPage();
  const pauloEmail = uniqueEmail('paulo');
  await joinViaApi(page.request, paulo.request, 'producer', 'Paulo Produtor', pauloEmail);

  await paulo.goto('/profile');
  await expect(paulo.getByRole('heading', { name: 'Meu Perfil' })).toBeVisible();
  await expect(paulo.getByText('Seu papel na corretora: Produtor')).toBeVisible();
  await expect(paulo.getByLabel('Nome')).toHaveValue('Paulo Produtor');
  await expect(paulo.getByLabel('CPF')).toHaveCount(0);
  await paulo.getByLabel('Nome').fill('Paulo Reis');
  await paulo.getByLabel('Celular').fill('11987654321');
  await paulo.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(toast(paulo, 'Perfil atualizado com sucesso')).toBeVisible();
  await expect(paulo.getByLabel('Celular')).toHaveValue('(11) 98765-4321');

  // A new e-mail asks for the current password; a wrong one is said on the field.
  await paulo.getByRole('textbox', { name: 'E-mail', exact: true }).fill(uniqueEmail('paulo.novo'));
  await paulo.getByLabel('Senha atual (para trocar o e-mail)').fill('nao-e-essa-senha');
  await paulo.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(paulo.getByText('Senha atual incorreta.').first()).toBeVisible();
  await paulo.getByRole('textbox', { name: 'E-mail', exact: true }).fill(pauloEmail);
  await expect(paulo.getByLabel('Senha atual (para trocar o e-mail)')).toHaveCount(0);

  // The password: checked before sending, then changed; the old one no longer signs in.
  const password = paulo.getByRole('form', { name: 'Alterar senha' });
  await password.getByRole('textbox', { name: 'Senha atual', exact: true }).fill(PASSWORD);
  await password.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('senha-nova-do-paulo');
  await password.getByLabel('Confirmar nova senha').fill('outra-coisa');
  await password.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(password.getByText('As senhas não conferem')).toBeVisible();
  await password.getByLabel('Confirmar nova senha').fill('senha-nova-do-paulo');
  await password.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(toast(paulo, 'Senha alterada com sucesso. As outras sessões foram encerradas.')).toBeVisible();
  await paulo.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(paulo, 'Meu Perfil de um produtor');
  await paulo.reload();
  await expect(paulo.getByLabel('Nome')).toHaveValue('Paulo Reis');

  // Minha Corretora shows him the brokerage, not the owner's CPF or personal mobile.
  await paulo.goto('/broker');
  await expect(paulo.getByText(BROKERAGE.companyName)).toBeVisible();
  await expect(paulo.getByText('CPF', { exact: true })).toHaveCount(0);
  await expect(paulo.getByText('Celular', { exact: true })).toHaveCount(0);

  const fresh = await (await browser.newContext()).newPage();
  expect((await fresh.request.post('/api/auth/login', { data: { email: pauloEmail, password: PASSWORD } })).status()).toBe(401);
  await signInThroughForm(fresh, pauloEmail, 'senha-nova-do-paulo');
  await expect(fresh).toHaveURL(/\/dashboard$/);

  // The owner's Meu Perfil is still the brokerage's profile, with her CPF.
  await page.goto('/profile');
  await expect(page.getByLabel('CPF')).toHaveValue('529.982.247-25');
  await expect(page.getByRole('form', { name: 'Alterar senha' })).toBeVisible();
});
