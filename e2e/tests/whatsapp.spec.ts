import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { inboundText, signWebhook, statusUpdate } from '@corretora/dev-stack/src/whatsapp-stub';
import { registerViaApi, toast, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { onboardViaApi } from './support/broker';

const SECRET = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
const TOKEN = `EAAG${'k'.repeat(40)}`;

/** Meta's side of the webhook: the delivery signed with the app's secret, through the gateway. */
async function deliver(request: APIRequestContext, body: object): Promise<void> {
  const raw = JSON.stringify(body);
  const answer = await request.post('/api/whatsapp/webhook', {
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(raw, SECRET) },
    data: raw,
  });
  expect(answer.status()).toBe(200);
}

async function connect(page: Page, phoneNumberId: string) {
  await page.goto('/settings?tab=whatsapp');
  const form = page.getByRole('form', { name: 'WhatsApp' });
  await form.getByLabel('Como a corretora usa o WhatsApp').selectOption('cloud');
  await form.getByLabel('ID do número de telefone').fill(phoneNumberId);
  await form.getByLabel('ID da conta do WhatsApp Business').fill('200000001');
  await form.getByLabel('Token de acesso').fill(TOKEN);
  await form.getByLabel('Segredo do app').fill('curto');
  await form.getByRole('button', { name: 'Salvar' }).click();
  // Checked before sending, with the contract's message under the field.
  await expect(form.getByText('Segredo do app inválido: letras e dígitos, 16 a 128')).toBeVisible();
  await form.getByLabel('Segredo do app').fill(SECRET);
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'WhatsApp da corretora salvo')).toBeVisible();
  await expect(form.getByText(/configure o webhook com o endereço .*\/api\/whatsapp\/webhook e o token de verificação/)).toBeVisible();
  await expectAccessible(page, 'WhatsApp settings');
}

test("WhatsApp as the team's inbox (#62): the owner connects the Cloud API; a client's message reaches Conversas without a reload, is answered, and its read status shows; a number nobody has becomes a prospect", async ({
  page,
  playwright,
  baseURL,
}) => {
  // A long journey (settings, two clients, a reply and its status) on a machine shared with other work.
  test.setTimeout(120_000);
  // Meta calls with no session of anyone's.
  const meta = await playwright.request.newContext({ baseURL });
  await page.setViewportSize({ width: 390, height: 844 });
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('whatsapp'));
  await onboardViaApi(page.request);
  // A number of this run's own (a number is one brokerage's).
  const phoneNumberId = String(Date.now()).slice(-12);
  await connect(page, phoneNumberId);
  const created = await page.request.post('/api/contacts', { data: { name: 'Ana Lima', phone: '(11) 98765-4321', type: 'individual' } });
  expect(created.status()).toBe(201);

  await page.goto('/conversations');
  await expect(page.getByRole('heading', { name: 'Conversas', level: 1 })).toBeVisible();
  await expect(page.getByText(/Nenhuma conversa ainda/)).toBeVisible();
  await expectAccessible(page, 'Conversas, empty');

  // The client writes (without the ninth digit, as older WhatsApp accounts send): the page shows it by itself.
  await deliver(meta, inboundText(phoneNumberId, '551187654321', 'Bati o carro, o que faço?', { name: 'Ana' }));
  const list = page.getByRole('navigation', { name: 'Conversas' });
  const ana = list.getByRole('button', { name: /Ana Lima/ });
  await expect(ana).toBeVisible();
  await expect(ana.getByLabel('1 não lidas')).toBeVisible();
  await ana.click();
  const thread = page.getByRole('region', { name: 'Conversa com Ana Lima' });
  await expect(thread.getByText('Bati o carro, o que faço?')).toBeVisible();
  await expect(thread.getByText(/Janela de 24 horas aberta até/)).toBeVisible();
  await expect(thread.getByText('Marketing: não autorizado pelo cliente.')).toBeVisible();
  await expectAccessible(page, 'a conversation');

  await thread.getByRole('button', { name: 'Enviar' }).click();
  await expect(thread.getByText('Escreva a mensagem ou escolha um modelo.')).toBeVisible();
  await thread.getByLabel('Mensagem').fill('Oi Ana! Está tudo bem com você? Já abro o sinistro.');
  await thread.getByRole('button', { name: 'Enviar' }).click();
  const reply = thread.getByRole('listitem').filter({ hasText: 'Oi Ana! Está tudo bem com você?' });
  await expect(reply).toContainText('Enviada');

  // Meta says the client read it (the id the provider gave the message): the page shows it by itself.
  const stub = process.env.WHATSAPP_STUB_URL;
  if (!stub) throw new Error('WHATSAPP_STUB_URL is not set: the stack prints its WhatsApp stub at start');
  const { sent } = (await (await page.request.get(`${stub}/_stub/sent`)).json()) as {
    sent: { id: string; text?: string; phoneNumberId: string }[];
  };
  const ours = sent.find((message) => message.phoneNumberId === phoneNumberId && message.text?.startsWith('Oi Ana!'));
  expect(ours).toBeDefined();
  await deliver(meta, statusUpdate(phoneNumberId, ours!.id, 'read'));
  await expect(reply).toContainText('Lida');

  await page.getByRole('button', { name: 'Voltar às conversas' }).click();
  await deliver(meta, inboundText(phoneNumberId, '5521998887766', 'Quero cotar um seguro de vida', { name: 'Bruno Dias' }));
  await expect(list.getByRole('button', { name: /Bruno Dias/ })).toBeVisible();
  await page.goto('/contacts');
  await expect(page.getByRole('row', { name: /Bruno Dias/ })).toBeVisible();
  await meta.dispose();
});
