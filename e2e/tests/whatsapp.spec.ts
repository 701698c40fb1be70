import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { inboundMedia, inboundText, signWebhook, statusUpdate } from '@corretora/dev-stack/src/whatsapp-stub';
import { registerViaApi, toast, uniqueEmail } from './support/accounts';
import { expectAccessible } from './support/axe';
import { onboardViaApi } from './support/broker';
import { issuedClientViaApi, leadViaApi } from './support/book';

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

/** Configurações › WhatsApp: the brokerage's Renovação goes, outside the 24 hours, as Meta's approved lembrete_renovacao; the month's cost shows. */
async function linkRenewalTemplate(page: Page) {
  const links = page.getByRole('region', { name: 'Modelos fora da janela de 24 horas' });
  await links.getByRole('combobox', { name: 'Renovação' }).selectOption({ label: 'lembrete_renovacao (utilidade)' });
  await page.getByRole('form', { name: 'WhatsApp' }).getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'WhatsApp da corretora salvo')).toBeVisible();
  await expect(links.getByRole('combobox', { name: 'Renovação' })).toHaveValue(/\d+/);
  // The product's own sends are linked the same way (an overdue instalment, the quotes' comparison).
  await expect(links.getByRole('combobox', { name: 'Parcela em atraso' })).toBeVisible();
  await expect(links.getByRole('combobox', { name: 'Comparativo de cotações' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Custo do mês' }).getByText(/^Estimativa do mês: R\$ 0,00/)).toBeVisible();
  await expectAccessible(page, 'WhatsApp templates and cost');
}

/** The São Paulo day `days` from today, ISO. */
function inDays(days: number): string {
  const date = new Date(`${new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' })}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Ana Lima, a lead won into an auto policy (AP-WA-1) that ends in 20 days. */
async function clientRenewingSoon(request: APIRequestContext) {
  const end = inDays(20);
  await issuedClientViaApi(request, {
    name: 'Ana Lima',
    phone: '(11) 98765-4321',
    startDate: `${Number(end.slice(0, 4)) - 1}${end.slice(4)}`,
    endDate: end,
    policyNumber: 'AP-WA-1',
  });
}

test("WhatsApp as the team's inbox (#62): the owner connects the Cloud API; a client's message reaches Conversas without a reload, is answered, and its read status shows; the renewal centre's reminder goes through the provider and shows delivered; a number nobody has becomes a prospect", async ({
  page,
  playwright,
  baseURL,
}) => {
  // A long journey (settings, two clients, a reply, a reminder and their statuses) on a machine shared with other work.
  test.setTimeout(150_000);
  const stub = process.env.WHATSAPP_STUB_URL;
  if (!stub) throw new Error('WHATSAPP_STUB_URL is not set: the stack prints its WhatsApp stub at start');
  // Meta calls with no session of anyone's.
  const meta = await playwright.request.newContext({ baseURL });
  await page.setViewportSize({ width: 390, height: 844 });
  await registerViaApi(page.request, 'Paula Reis', uniqueEmail('whatsapp'));
  await onboardViaApi(page.request);
  // A number of this run's own (a number is one brokerage's).
  const phoneNumberId = String(Date.now()).slice(-12);
  await connect(page, phoneNumberId);
  await linkRenewalTemplate(page);
  await clientRenewingSoon(page.request);
  // Her policy's PDF among her documents (it goes with a reply below).
  const policyPdf = Buffer.from(`%PDF-1.4\n% apólice da Ana ${Date.now()}\n%%EOF\n`);
  const ana0 = (await (await page.request.get('/api/contacts?search=Ana%20Lima')).json()) as { items: { id: number }[] };
  const stored = await page.request.post('/api/documents/upload', {
    multipart: {
      category: 'policies',
      contactId: String(ana0.items[0]!.id),
      file: { name: 'Apólice Ana.pdf', mimeType: 'application/pdf', buffer: policyPdf },
    },
  });
  expect(stored.status()).toBe(201);

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
  // A quick reply from the brokerage's templates fills the box, to be edited before sending.
  await thread.getByRole('combobox', { name: 'Resposta rápida' }).selectOption({ label: 'Primeiro contato' });
  await expect(thread.getByLabel('Mensagem')).toHaveValue(/^Olá, Ana Lima! Recebemos o seu pedido de cotação/);
  await thread.getByLabel('Mensagem').fill('Oi Ana! Está tudo bem com você? Já abro o sinistro.');
  await thread.getByRole('button', { name: 'Enviar' }).click();
  const reply = thread.getByRole('listitem').filter({ hasText: 'Oi Ana! Está tudo bem com você?' });
  await expect(reply).toContainText('Enviada');

  // Meta says the client read it (the id the provider gave the message): the page shows it by itself.
  const { sent } = (await (await page.request.get(`${stub}/_stub/sent`)).json()) as {
    sent: { id: string; text?: string; phoneNumberId: string }[];
  };
  const ours = sent.find((message) => message.phoneNumberId === phoneNumberId && message.text?.startsWith('Oi Ana!'));
  expect(ours).toBeDefined();
  await deliver(meta, statusUpdate(phoneNumberId, ours!.id, 'read'));
  await expect(reply).toContainText('Lida');

  // The client sends a photo: it is fetched from Meta into the store and downloads as it was sent.
  const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`foto do carro ${Date.now()}`)]);
  const mediaId = `media-${phoneNumberId}`;
  expect(
    (await page.request.post(`${stub}/_stub/media/${mediaId}`, { headers: { 'content-type': 'image/jpeg' }, data: photo })).status(),
  ).toBe(201);
  await deliver(
    meta,
    inboundMedia(phoneNumberId, '551187654321', 'image', { mediaId, mimeType: 'image/jpeg', caption: 'A batida', filename: 'batida.jpg' }),
  );
  const download = thread.getByRole('link', { name: /^Baixar batida\.jpg/ });
  await expect(download).toBeVisible();
  const fetched = await page.request.get((await download.getAttribute('href'))!);
  expect(fetched.headers()['content-type']).toBe('image/jpeg');
  expect(Buffer.compare(await fetched.body(), photo)).toBe(0);

  // A reply with her policy's PDF: uploaded to Meta and sent by its id; the thread keeps what she got.
  await expect(thread.getByRole('combobox', { name: 'Anexar documento do cliente' })).toContainText('Apólice Ana.pdf');
  await thread.getByRole('combobox', { name: 'Anexar documento do cliente' }).selectOption({ index: 1 });
  await thread.getByLabel('Mensagem').fill('Segue a sua apólice.');
  await thread.getByRole('button', { name: 'Enviar' }).click();
  const withPdf = thread.getByRole('listitem').filter({ hasText: 'Segue a sua apólice.' });
  await expect(withPdf).toContainText('Enviada');
  const sentPdf = await page.request.get((await withPdf.getByRole('link', { name: /^Baixar Apólice Ana\.pdf/ }).getAttribute('href'))!);
  expect(Buffer.compare(await sentPdf.body(), policyPdf)).toBe(0);
  const documents = (await (await page.request.get(`${stub}/_stub/sent`)).json()) as {
    sent: { phoneNumberId: string; type: string; document?: { filename?: string; caption?: string } }[];
  };
  expect(documents.sent.filter((message) => message.phoneNumberId === phoneNumberId && message.type === 'document')).toEqual([
    expect.objectContaining({ document: expect.objectContaining({ filename: 'Apólice Ana.pdf', caption: 'Segue a sua apólice.' }) }),
  ]);

  // The renewal centre's reminder goes through the brokerage's number (inside the window: as text) and its status follows.
  await page.goto('/policies?aba=renovacoes');
  const row = page.getByRole('tabpanel', { name: 'Renovações' }).getByRole('row', { name: /AP-WA-1/ });
  await row.getByRole('button', { name: 'Lembrar pelo WhatsApp: AP-WA-1' }).click();
  const remind = page.getByRole('dialog', { name: 'Lembrar Ana Lima' });
  await expect(remind.getByRole('combobox', { name: 'Modelo' })).toHaveValue(/\d+/);
  await expectAccessible(page, 'renewal reminder');
  await remind.getByRole('button', { name: 'Enviar pelo WhatsApp' }).click();
  await expect(toast(page, 'Lembrete enviado pelo WhatsApp da corretora')).toBeVisible();
  await expect(remind.getByRole('status')).toContainText(/A sua apólice AP-WA-1 .* — Enviada$/);
  const reminders = (await (await page.request.get(`${stub}/_stub/sent`)).json()) as {
    sent: { id: string; text?: string; phoneNumberId: string }[];
  };
  const reminder = reminders.sent.find((message) => message.phoneNumberId === phoneNumberId && message.text?.includes('AP-WA-1'));
  expect(reminder).toBeDefined();
  await deliver(meta, statusUpdate(phoneNumberId, reminder!.id, 'delivered'));
  await expect(remind.getByRole('status')).toContainText(/— Entregue$/);
  await remind.getByRole('button', { name: 'Fechar' }).click();
  await expect(remind).toBeHidden();

  // Her unpaid instalment, long overdue: Apólices › Parcelas › Lembrar goes through the number too (inside the window: as text).
  await page.goto('/policies');
  await page.getByRole('button', { name: 'Parcelas da apólice AP-WA-1' }).click();
  const parcelas = page.getByRole('dialog', { name: 'Parcelas da apólice AP-WA-1' });
  await parcelas.getByRole('button', { name: 'Lembrar o cliente da parcela 1 pelo WhatsApp' }).click();
  await expect
    .poll(async () => {
      const { sent: now } = (await (await page.request.get(`${stub}/_stub/sent`)).json()) as {
        sent: { phoneNumberId: string; text?: string }[];
      };
      return now.some(
        (message) => message.phoneNumberId === phoneNumberId && message.text?.includes('A parcela 1/1 da sua apólice AP-WA-1'),
      );
    })
    .toBe(true);
  await expectAccessible(page, 'instalments with a reminder');
  await parcelas.getByRole('button', { name: 'Cancelar' }).click();

  // The ficha: every message on the client's timeline, with its status, and the way to the conversation.
  const found = (await (await page.request.get('/api/contacts?search=Ana%20Lima')).json()) as { items: { id: number }[] };
  await page.goto(`/contacts/${found.items[0]!.id}`);
  const timeline = page.getByRole('region', { name: 'Linha do tempo' });
  await expect(timeline.getByText('WhatsApp do cliente: Bati o carro, o que faço?')).toBeVisible();
  await expect(timeline.getByText(/^WhatsApp enviado \(lida\): Oi Ana!/)).toBeVisible();
  await expect(timeline.getByText(/^WhatsApp \(Renovação, entregue\): Olá, Ana Lima!/)).toBeVisible();
  await expect(timeline.getByText(/^WhatsApp enviado \(enviada\): Olá, Ana Lima! A parcela 1\/1 da sua apólice AP-WA-1/)).toBeVisible();
  await expectAccessible(page, 'the ficha with WhatsApp');
  // The message moved the client's last contact: the log says the same day as the ficha (an instant on the reader's clock, not UTC's).
  const facts = page.getByRole('region', { name: 'Dados do cliente' });
  const lastContact = (await facts.locator('dt:text-is("Último contato") + dd').textContent()) ?? '';
  expect(lastContact).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(page.getByRole('region', { name: 'Histórico de alterações' })).toContainText(`Último contato: — → ${lastContact}`);
  await timeline.getByRole('link', { name: 'Em Conversas' }).click();
  await expect(thread.getByText(/A sua apólice AP-WA-1/)).toBeVisible();
  await page.getByRole('button', { name: 'Voltar às conversas' }).click();
  await deliver(meta, inboundText(phoneNumberId, '5521998887766', 'Quero cotar um seguro de vida', { name: 'Bruno Dias' }));
  await expect(list.getByRole('button', { name: /Bruno Dias/ })).toBeVisible();
  await page.goto('/contacts');
  await expect(page.getByRole('row', { name: /Bruno Dias/ })).toBeVisible();
  // A deal on the board whose client writes: the card shows the thread where the deal is worked (last message, unread, the way in).
  expect((await leadViaApi(page.request, 'Carla Souza', '(11) 97777-1234')).status()).toBe(201);
  await deliver(meta, inboundText(phoneNumberId, '5511977771234', 'Recebi a cotação, tenho uma dúvida', { name: 'Carla' }));
  await page.goto('/pipeline');
  await page.getByRole('button', { name: 'Carla Souza', exact: true }).click();
  const work = page.getByRole('region', { name: 'Andamento do negócio' });
  await expect(
    work.getByText(/^WhatsApp: Recebi a cotação, tenho uma dúvida · \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · 1 não lida/),
  ).toBeVisible();
  await expectAccessible(page, 'a card with its WhatsApp thread');
  await work.getByRole('link', { name: 'Em Conversas' }).click();
  await expect(
    page.getByRole('region', { name: 'Conversa com Carla Souza' }).getByText('Recebi a cotação, tenho uma dúvida'),
  ).toBeVisible();
  await meta.dispose();
});
