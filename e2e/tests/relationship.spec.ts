import { expect, test } from '@playwright/test';
import { registerViaApi, toast, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { onboardViaApi } from './support/broker';

test('WhatsApp from a template: wa.me with the mobile’s E.164 digits, the message on the timeline, marketing only with consent', async ({
  page,
  context,
}) => {
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('whatsapp'));
  await onboardViaApi(page.request);
  expect(
    (await page.request.post('/api/contacts', { data: { name: 'Carla Dias', phone: '(21) 99876-5432', type: 'individual' } })).status(),
  ).toBe(201);
  // wa.me is outside this machine's reach: the tab it opens gets a blank page instead.
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>wa.me</title>' }),
  );

  // A template of the brokerage's own, in Configurações > Mensagens; a CPF in it is refused inline.
  await page.goto('/settings?tab=messages');
  await page.getByRole('button', { name: 'Adicionar modelo' }).click();
  const added = page.getByRole('group', { name: 'Modelo 5' });
  await added.getByRole('textbox', { name: 'Nome' }).fill('Oi');
  await added.getByRole('textbox', { name: 'Texto' }).fill('Olá, {nome}! Seu CPF 529.982.247-25 está certo?');
  await page.getByRole('button', { name: 'Salvar modelos' }).click();
  await expect(page.getByText('O modelo não pode conter um CPF')).toBeVisible();
  await added.getByRole('textbox', { name: 'Texto' }).fill('Olá, {nome}! Tudo bem?');
  await expectAccessible(page, 'message templates');
  await page.getByRole('button', { name: 'Salvar modelos' }).click();
  await expect(toast(page, 'Modelos de mensagem salvos')).toBeVisible();

  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Histórico e WhatsApp de Carla Dias' }).click();
  const dialog = page.getByRole('dialog', { name: 'Histórico de Carla Dias' });
  await expect(dialog.getByText('Nada registrado ainda.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Modelo' }).selectOption({ label: 'Oi (serviço)' });
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Abrir WhatsApp' }).click();
  const tab = await popup;
  await tab.waitForLoadState();
  expect(tab.url()).toBe(`https://wa.me/5521998765432?text=${encodeURIComponent('Olá, Carla Dias! Tudo bem?')}`);
  await tab.close();
  await expect(dialog.getByText('WhatsApp (Oi): Olá, Carla Dias! Tudo bem?')).toBeVisible();

  // Marketing: refused until the contact's consent is recorded.
  await dialog.getByRole('combobox', { name: 'Modelo' }).selectOption({ label: 'Novidades (marketing)' });
  await dialog.getByRole('button', { name: 'Abrir WhatsApp' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'O contato não autorizou mensagens de marketing: registre o consentimento antes de enviar.',
  );
  await dialog.getByRole('switch', { name: 'Aceita mensagens de marketing' }).check();
  await expect(dialog.getByText('Consentimento de marketing registrado')).toBeVisible();
  const second = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Abrir WhatsApp' }).click();
  await (await second).close();
  await expect(dialog.getByText(/^WhatsApp \(Novidades\): Olá, Carla Dias! Temos condições especiais/)).toBeVisible();

  // A call logged: on the timeline, and the contact's last contact is today.
  await dialog.getByRole('textbox', { name: 'O que foi conversado' }).fill('Pediu cotação de residencial');
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(dialog.getByText('Ligação: Pediu cotação de residencial')).toBeVisible();
  await expectAccessible(page, 'contact timeline');
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  const today = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  await expect(page.getByRole('row', { name: /Carla Dias/ })).toContainText(today);
});
