import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, uniqueEmail, toast } from './support/accounts';
import { onboardViaApi } from './support/broker';

async function signUpOnboarded(page: Page, prefix: string) {
  await registerViaApi(page.request, 'Elisa Prado', uniqueEmail(prefix));
  await onboardViaApi(page.request);
}

test('products: add, toggle, edit and delete from Configurações', async ({ page }) => {
  await signUpOnboarded(page, 'products');
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Configurações' }).click();
  await expect(page).toHaveURL(/\/settings/);
  await expect(page.getByRole('tab', { name: 'Produtos' })).toHaveAttribute('aria-selected', 'true');
  // The defaults of a new account are there.
  await expect(page.getByText('Seguro Auto', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Adicionar Produto' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Novo Produto')).toBeVisible();
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(dialog.getByText('Nome é obrigatório')).toBeVisible();
  // Every product has its line (ramo), from the one list every screen reads.
  await expect(dialog.getByText('Selecione o ramo', { exact: true })).toBeVisible();
  await dialog.getByLabel('Nome').fill('Seguro Bike');
  await dialog.getByLabel('Descrição').fill('Bicicletas e patinetes');
  await dialog.getByLabel('Ramo').selectOption({ label: 'Equipamentos' });
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(toast(page, 'Produto criado com sucesso!')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('listitem').filter({ hasText: 'Seguro Bike' });
  const toggle = row.getByRole('switch');
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(toast(page, 'Produto atualizado com sucesso!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'Seguro Bike' }).getByRole('switch')).not.toBeChecked();

  await page.getByRole('button', { name: 'Editar Seguro Bike' }).click();
  await expect(dialog.getByText('Editar Produto')).toBeVisible();
  await dialog.getByLabel('Nome').fill('Seguro Bicicleta');
  // Its own IOF rate, which the finalize form suggests instead of the line's.
  await expect(dialog.getByText('Em branco: a do ramo (7,38% danos, 0,38% vida, 2,38% saúde).')).toBeVisible();
  await expect(dialog.getByLabel('Ramo')).toHaveValue('equipamentos');
  await dialog.getByLabel('Alíquota de IOF (%)').pressSequentially('238');
  await expect(dialog.getByLabel('Alíquota de IOF (%)')).toHaveValue('2,38');
  await dialog.getByRole('button', { name: 'Atualizar' }).click();
  await expect(toast(page, 'Produto atualizado com sucesso!')).toBeVisible();
  await expect(page.getByText('Seguro Bicicleta', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Seguro Bicicleta' })).toContainText('Equipamentos · IOF 2,38%');
  await expect(page.getByRole('listitem').filter({ hasText: 'Seguro Saúde' })).toContainText('Saúde');

  await page.getByRole('button', { name: 'Excluir Seguro Bicicleta' }).click();
  await expect(page.getByText('Tem certeza que deseja excluir "Seguro Bicicleta"?')).toBeVisible();
  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(toast(page, 'Produto excluído com sucesso!')).toBeVisible();
  await expect(page.getByText('Seguro Bicicleta', { exact: true })).toBeHidden();
});

test('insurers: add one with a portal password, open its details and reveal the password', async ({ page }) => {
  await signUpOnboarded(page, 'insurers');
  await page.goto('/settings?tab=insurers');
  await expect(page.getByRole('tab', { name: 'Seguradoras' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Porto Seguro', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Adicionar Seguradora' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Nova Seguradora')).toBeVisible();
  await dialog.getByLabel('Nome').fill('Zurich Seguros');
  await dialog.getByLabel('Gerente').fill('Fernanda Alves');
  await dialog.getByLabel('E-mail').fill('fernanda@zurich.test');
  await dialog.getByLabel('Senha do portal').fill('portal-secreto-1');
  await dialog.getByLabel('Website').fill('https://www.zurich.com.br');
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(toast(page, 'Seguradora criada com sucesso!')).toBeVisible();

  const row = page.getByRole('listitem').filter({ hasText: 'Zurich Seguros' });
  await row.getByRole('button', { name: 'Ver detalhes' }).click();
  await expect(row.getByText('Fernanda Alves')).toBeVisible();
  await expect(row.getByText('portal-secreto-1')).toBeHidden();
  await row.getByRole('button', { name: 'Mostrar senha' }).click();
  await expect(row.getByText('portal-secreto-1')).toBeVisible();
  const website = row.getByRole('link', { name: /zurich\.com\.br/ });
  await expect(website).toHaveAttribute('target', '_blank');

  // The list API never carries the password.
  const list = await page.request.get('/api/insurers');
  expect(await list.text()).not.toContain('portal-secreto-1');

  // Tabs stay in the URL.
  await page.getByRole('tab', { name: 'Origens' }).click();
  await expect(page).toHaveURL(/tab=lead-sources/);
  await expect(page.getByText('Indicação', { exact: true })).toBeVisible();
});
