import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, toast, uniqueEmail } from './support/accounts';
import { onboardViaApi } from './support/broker';

// The smallest valid PNG (1x1).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function openProfile(page: Page) {
  await registerViaApi(page.request, 'Iara Menezes', uniqueEmail('profile'));
  await onboardViaApi(page.request);
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Meu Perfil' }).click();
  await expect(page.getByRole('heading', { name: 'Informações Profissionais' })).toBeVisible();
}

test('Meu Perfil saves the profile fields, dates typed as dd/mm/aaaa, and they survive a reload', async ({ page }) => {
  await openProfile(page);
  const save = page.getByRole('button', { name: 'Salvar alterações' });
  await expect(save).toBeDisabled();

  await page.getByLabel('Vencimento SUSEP').fill('');
  await page.getByLabel('Vencimento SUSEP').pressSequentially('30022028');
  await save.click();
  await expect(page.getByText('Data de vencimento SUSEP inválida. Use dd/mm/aaaa')).toBeVisible();

  await page.getByLabel('Vencimento SUSEP').fill('');
  await page.getByLabel('Vencimento SUSEP').pressSequentially('30062028');
  await page.getByLabel('Nome').fill('Iara Menezes Costa');
  await save.click();
  await expect(toast(page, 'Perfil atualizado com sucesso')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Vencimento SUSEP')).toHaveValue('30/06/2028');
  await expect(page.getByLabel('Nome')).toHaveValue('Iara Menezes Costa');
  await page.getByRole('navigation').getByRole('link', { name: 'Minha Corretora' }).click();
  await expect(page.getByText('30/06/2028')).toBeVisible();
});

test('the profile photo is uploaded to the store and shown; a file that is not an image is refused', async ({ page }) => {
  await openProfile(page);
  const file = page.getByLabel('Arquivo da foto');

  await file.setInputFiles({ name: 'nao-e-foto.png', mimeType: 'image/png', buffer: Buffer.from('isto não é uma imagem') });
  await expect(page.getByRole('alert').filter({ hasText: 'Envie uma imagem JPG ou PNG.' })).toBeVisible();

  await file.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: PNG });
  await expect(toast(page, 'Foto atualizada com sucesso')).toBeVisible();
  // The avatar names itself after the person; the picture inside it comes from the photo endpoint.
  const photo = page.locator('main img[src^="/api/broker-profile/photo"]');
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
});
