import { SecretBox, createObjectStore, type SessionUser } from '@corretora/service-kit';
import { memberOf, sessionCookieFor } from '@corretora/service-kit/testing';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  inboundMedia,
  inboundText,
  signWebhook,
  startWhatsappStub,
  statusUpdate,
  type WhatsappStub,
} from '../../../packages/dev-stack/src/whatsapp-stub';
import { CloudApi, ProviderError } from '../src/modules/whatsapp/cloud-api';
import { WhatsappMediaService } from '../src/modules/whatsapp/whatsapp-media.service';
import { WhatsappSettingsService } from '../src/modules/whatsapp/whatsapp-settings.service';
import { pipelineFixture } from './stack';

/**
 * WhatsApp as the team's inbox (#62), against a local stub of the Cloud API: the settings (sealed
 * credentials), Meta's webhook (signature, retries, the ninth digit, a number nobody has), Conversas
 * by role and brokerage, the 24-hour window, templates and consent, and a provider that fails.
 */
let stub: WhatsappStub;
const key = randomBytes(32);
beforeAll(async () => {
  stub = await startWhatsappStub();
});
const { fixture } = pipelineFixture(() => ({ credentialKey: key, whatsappApiUrl: stub.apiUrl }));
const store = createObjectStore();
afterAll(async () => {
  await stub?.close();
});

const TOKEN = `EAAG${'x'.repeat(40)}`;
const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const NUMBER = '1000001';

async function as(user: SessionUser) {
  return { user, cookie: await sessionCookieFor(fixture.service, user) };
}

function deliver(body: object, secret = SECRET) {
  const raw = JSON.stringify(body);
  return fixture
    .api()
    .post('/api/whatsapp/webhook')
    .set('content-type', 'application/json')
    .set('x-hub-signature-256', signWebhook(raw, secret))
    .send(raw);
}

const count = async (table: string) => Number((await fixture.service.knex(table).count({ n: '*' }))[0]!.n);

describe('WhatsApp through the Cloud API (#62)', () => {
  let owner: Awaited<ReturnType<typeof as>>;
  let producer: Awaited<ReturnType<typeof as>>;
  let colleague: Awaited<ReturnType<typeof as>>;
  let assistant: Awaited<ReturnType<typeof as>>;
  let other: Awaited<ReturnType<typeof fixture.broker>>;
  let clientId: number;
  let conversationId: number;

  beforeAll(async () => {
    // Listening starts the job layer: a client's file is fetched by a job.
    await fixture.service.listen(0, 0);
    const broker = await fixture.broker();
    owner = broker;
    producer = await as(memberOf(broker.user, 'producer'));
    colleague = await as(memberOf(broker.user, 'producer'));
    assistant = await as(memberOf(broker.user, 'assistant'));
    other = await fixture.broker();
  });

  test('settings: wa.me by default, the Cloud API only with every credential, sealed, a number for one brokerage; a producer may not', async () => {
    const first = await fixture.api().get('/api/whatsapp/settings').set('Cookie', owner.cookie);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      provider: 'wame',
      hasToken: false,
      hasAppSecret: false,
      webhookUrl: 'http://localhost:8080/api/whatsapp/webhook',
    });
    expect(first.body.verifyToken).toMatch(/^[\w-]{32}$/);
    expect((await fixture.api().get('/api/whatsapp/settings').set('Cookie', producer.cookie)).status).toBe(403);
    expect((await fixture.api().put('/api/whatsapp/settings').set('Cookie', assistant.cookie).send({ provider: 'wame' })).status).toBe(403);

    const missing = await fixture
      .api()
      .put('/api/whatsapp/settings')
      .set('Cookie', owner.cookie)
      .send({ provider: 'cloud', phoneNumberId: NUMBER });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^Para usar a Cloud API, informe/);
    const odd = await fixture
      .api()
      .put('/api/whatsapp/settings')
      .set('Cookie', owner.cookie)
      .send({ provider: 'sms', token: 'curto', rates: { marketing: '-1' } });
    expect(odd.status).toBe(400);
    expect(odd.body.issues.map((issue: { path: string }) => issue.path)).toEqual(
      expect.arrayContaining(['provider', 'token', 'rates.marketing']),
    );

    const saved = await fixture
      .api()
      .put('/api/whatsapp/settings')
      .set('Cookie', owner.cookie)
      .send({
        provider: 'cloud',
        phoneNumberId: NUMBER,
        businessAccountId: '2000001',
        token: TOKEN,
        appSecret: SECRET,
        rates: { marketing: '0.50' },
      });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ provider: 'cloud', phoneNumberId: NUMBER, hasToken: true, hasAppSecret: true });
    expect(saved.body.rates).toMatchObject({ marketing: '0.50', utility: '0.04', service: '0.00' });
    expect(JSON.stringify(saved.body)).not.toContain(TOKEN);
    const stored = await fixture.service.knex('whatsapp_settings').first('tokenSealed', 'appSecretSealed');
    expect(`${stored.tokenSealed}${stored.appSecretSealed}`).not.toContain(TOKEN.slice(4, 20));
    expect(`${stored.tokenSealed}${stored.appSecretSealed}`).not.toContain(SECRET);

    const taken = await fixture
      .api()
      .put('/api/whatsapp/settings')
      .set('Cookie', other.cookie)
      .send({ provider: 'cloud', phoneNumberId: NUMBER, businessAccountId: '2000002', token: TOKEN, appSecret: SECRET });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Este número do WhatsApp já está conectado a outra corretora.');
  });

  test("Meta's subscription check answers the challenge for a brokerage's verify token only", async () => {
    const { verifyToken } = (await fixture.api().get('/api/whatsapp/settings').set('Cookie', owner.cookie)).body;
    const ok = await fixture
      .api()
      .get('/api/whatsapp/webhook')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': '1158201444' });
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('1158201444');
    const wrong = await fixture
      .api()
      .get('/api/whatsapp/webhook')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'outro', 'hub.challenge': '1' });
    expect(wrong.status).toBe(403);
    expect((await fixture.api().get('/api/whatsapp/webhook').query({ 'hub.mode': 'x' })).status).toBe(400);
  });

  test('a message arrives once (three deliveries), on the contact whose phone lacks the ninth digit; a forged one is a 401 and stores nothing', async () => {
    const contact = await fixture
      .api()
      .post('/api/contacts')
      .set('Cookie', producer.cookie)
      .send({ name: 'Ana Lima', phone: '(11) 98765-4321', type: 'individual' });
    expect(contact.status).toBe(201);
    clientId = contact.body.id;
    const message = inboundText(NUMBER, '551187654321', 'Bati o carro, o que faço?', { id: 'wamid.ana-1', name: 'Ana' });
    for (let delivery = 0; delivery < 3; delivery += 1) expect((await deliver(message)).status).toBe(200);
    expect(await count('whatsapp_messages')).toBe(1);

    const before = await count('whatsapp_messages');
    const forged = await deliver(inboundText(NUMBER, '551187654321', 'forjada', { id: 'wamid.forged' }), 'segredo-errado');
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe('Assinatura do webhook inválida.');
    const unsigned = await fixture
      .api()
      .post('/api/whatsapp/webhook')
      .send(inboundText(NUMBER, '551187654321', 'sem assinatura'));
    expect(unsigned.status).toBe(401);
    expect(await count('whatsapp_messages')).toBe(before);

    const list = await fixture.api().get('/api/conversations').set('Cookie', producer.cookie);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      contact: { id: clientId, name: 'Ana Lima' },
      unreadCount: 1,
      lastMessagePreview: 'Bati o carro, o que faço?',
    });
    conversationId = list.body[0].id;
  });

  test('a number nobody has becomes a prospect with the message as its first note', async () => {
    expect((await deliver(inboundText(NUMBER, '5521998887766', 'Quero cotar um seguro', { name: 'Bruno Dias' }))).status).toBe(200);
    const lead = await fixture.service.knex('contacts').where({ phone: '21998887766' }).first('id', 'name', 'type');
    expect(lead).toMatchObject({ name: 'Bruno Dias', type: 'prospect' });
    const note = await fixture.service.knex('notes').where({ contactId: lead.id }).first('content');
    expect(note.content).toBe('Primeira mensagem pelo WhatsApp: Quero cotar um seguro');
    const owners = await fixture.api().get('/api/conversations').set('Cookie', owner.cookie);
    expect(owners.body.map((row: { contact: { name: string } }) => row.contact.name)).toEqual(
      expect.arrayContaining(['Ana Lima', 'Bruno Dias']),
    );
  });

  test("another producer's, and another brokerage's, conversation is a 404 on every operation; an assistant sees the brokerage's", async () => {
    for (const who of [colleague, other]) {
      expect((await fixture.api().get('/api/conversations').set('Cookie', who.cookie)).body).toEqual([]);
      expect((await fixture.api().get(`/api/conversations/${conversationId}/messages`).set('Cookie', who.cookie)).status).toBe(404);
      expect(
        (await fixture.api().post(`/api/conversations/${conversationId}/messages`).set('Cookie', who.cookie).send({ text: 'oi' })).status,
      ).toBe(404);
      expect((await fixture.api().post(`/api/conversations/${conversationId}/read`).set('Cookie', who.cookie)).status).toBe(404);
      const assign = await fixture
        .api()
        .post(`/api/conversations/${conversationId}/assign`)
        .set('Cookie', who.cookie)
        .send({ memberId: who.user.memberId });
      expect(assign.status).toBe(404);
      expect(assign.body.message).toBe('Conversa não encontrada.');
    }
    expect((await fixture.api().get('/api/conversations/abc/messages').set('Cookie', owner.cookie)).status).toBe(404);
    // One client's (the ficha's link): theirs only, and only what the member may see.
    const byClient = (who: { cookie: string }, contactId: unknown) =>
      fixture
        .api()
        .get(`/api/conversations?contactId=${String(contactId)}`)
        .set('Cookie', who.cookie);
    expect((await byClient(producer, clientId)).body.map((row: { id: number }) => row.id)).toEqual([conversationId]);
    expect((await byClient(colleague, clientId)).body).toEqual([]);
    expect((await byClient(other, clientId)).body).toEqual([]);
    expect((await byClient(producer, 'abc')).status).toBe(400);
    expect((await byClient(producer, 2147483648)).status).toBe(400);
    const assistants = await fixture.api().get('/api/conversations').set('Cookie', assistant.cookie);
    expect(assistants.body.length).toBeGreaterThanOrEqual(2);
  });

  test('inside the window a reply goes out as text; its statuses only move forward; read clears the unread', async () => {
    const reply = await fixture
      .api()
      .post(`/api/conversations/${conversationId}/messages`)
      .set('Cookie', producer.cookie)
      .send({ text: 'Oi Ana! Você está bem?' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      direction: 'out',
      kind: 'text',
      status: 'sent',
      category: 'service',
      sentBy: producer.user.memberId,
    });
    const sent = stub.sent.at(-1)!;
    expect(sent).toMatchObject({ phoneNumberId: NUMBER, token: TOKEN, to: '5511987654321', type: 'text', text: 'Oi Ana! Você está bem?' });
    expect((await deliver(statusUpdate(NUMBER, sent.id, 'read'))).status).toBe(200);
    expect((await deliver(statusUpdate(NUMBER, sent.id, 'delivered'))).status).toBe(200);
    const thread = await fixture.api().get(`/api/conversations/${conversationId}/messages`).set('Cookie', producer.cookie);
    expect(thread.body.messages.map((row: { status: string }) => row.status)).toEqual(['received', 'read']);
    expect(thread.body.marketingConsent).toBe(false);
    // Each message says its own fields, nothing of the brokerage, the conversation or Meta's id.
    expect(Object.keys(thread.body.messages[0]).sort()).toEqual(
      ['at', 'category', 'direction', 'error', 'id', 'kind', 'media', 'sentBy', 'status', 'templateName', 'text'].sort(),
    );
    expect((await fixture.api().post(`/api/conversations/${conversationId}/read`).set('Cookie', producer.cookie)).status).toBe(204);
    expect((await fixture.api().get('/api/conversations?unread=true').set('Cookie', producer.cookie)).body).toEqual([]);
    expect((await fixture.api().get('/api/conversations?unread=talvez').set('Cookie', producer.cookie)).status).toBe(400);
  });

  test('outside the window only an approved template goes, and a marketing one only with consent; a provider that fails is a 502', async () => {
    await fixture.service
      .knex('conversations')
      .where({ id: conversationId })
      .update({ lastInboundAt: new Date(Date.now() - 25 * 3600 * 1000) });
    const late = await fixture
      .api()
      .post(`/api/conversations/${conversationId}/messages`)
      .set('Cookie', producer.cookie)
      .send({ text: 'Oi de novo' });
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/^Já passaram 24 horas/);
    const templates = await fixture.api().get('/api/whatsapp/templates').set('Cookie', producer.cookie);
    expect(templates.status).toBe(200);
    const byName = Object.fromEntries(templates.body.map((template: { name: string; id: number }) => [template.name, template]));
    expect(byName.oferta_seguro_vida).toMatchObject({ category: 'marketing', status: 'approved' });
    const send = (body: object) =>
      fixture.api().post(`/api/conversations/${conversationId}/messages`).set('Cookie', producer.cookie).send(body);
    const marketing = await send({ templateId: byName.oferta_seguro_vida.id });
    expect(marketing.status).toBe(400);
    expect(marketing.body.message).toMatch(/não autorizou mensagens de marketing/);
    expect((await send({ templateId: byName.segunda_via_boleto.id })).status).toBe(400);
    const utility = await send({ templateId: byName.retomar_conversa.id });
    expect(utility.status).toBe(201);
    expect(utility.body).toMatchObject({ kind: 'template', templateName: 'retomar_conversa', category: 'utility' });
    expect(stub.sent.at(-1)).toMatchObject({ type: 'template', template: 'retomar_conversa', parameters: [{ text: 'Ana Lima' }] });
    expect(utility.body.text).toBe('Olá, Ana Lima! Podemos continuar a nossa conversa?');
    const policyData = await send({ templateId: byName.lembrete_renovacao.id });
    expect(policyData.status).toBe(400);
    expect(policyData.body.message).toMatch(/pede \{\{numero_apolice\}\}: envie-o pela ficha/);

    stub.failNext(1);
    const failed = await send({ templateId: byName.retomar_conversa.id });
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('O WhatsApp não aceitou a mensagem agora. Tente novamente em instantes.');
    const thread = await fixture.api().get(`/api/conversations/${conversationId}/messages`).set('Cookie', producer.cookie);
    expect(thread.body.messages.at(-1)).toMatchObject({ status: 'failed' });

    for (const body of [
      {},
      { text: 'x'.repeat(5000) },
      { templateId: 'um' },
      { text: 12 },
      { templateId: 999999 },
      { templateId: 2147483648 },
      { text: 'oi', documentId: 1e308 },
    ]) {
      const refused = await send(body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toEqual(expect.any(String));
    }
  });

  test('the timeline holds every message with its status now; a template synced again keeps its id', async () => {
    const timeline = await fixture.api().get(`/api/contacts/${clientId}/timeline`).set('Cookie', producer.cookie);
    expect(timeline.status).toBe(200);
    const messages = timeline.body.entries.filter((entry: { kind: string }) => entry.kind === 'message');
    expect(
      messages.map((entry: { direction: string; status: string; text: string }) => [entry.direction, entry.status, entry.text]),
    ).toEqual(
      expect.arrayContaining([
        ['in', 'received', 'Bati o carro, o que faço?'],
        ['out', 'read', 'Oi Ana! Você está bem?'],
        ['out', 'failed', 'Olá, Ana Lima! Podemos continuar a nossa conversa?'],
      ]),
    );
    expect(messages.find((entry: { direction: string }) => entry.direction === 'in').by).toBe('Ana Lima (cliente, pelo WhatsApp)');
    const ids = async () =>
      ((await fixture.api().get('/api/whatsapp/templates').set('Cookie', owner.cookie)).body as { id: number; name: string }[])
        .map((template) => `${template.name}:${template.id}`)
        .sort();
    const before = await ids();
    await fixture.service.knex('whatsapp_settings').update({ templatesSyncedAt: new Date(Date.now() - 3600 * 1000) });
    expect(await ids()).toEqual(before);
    const synced = await fixture.service.knex('whatsapp_settings').whereNotNull('phoneNumberId').first('templatesSyncedAt');
    expect(Date.now() - new Date(synced.templatesSyncedAt).getTime()).toBeLessThan(60_000);
  });

  test("the ficha's WhatsApp goes through the provider: the linked Meta template outside the window, text inside it, its status on the timeline; a failure becomes a task", async () => {
    await fixture.service
      .knex('conversations')
      .where({ id: conversationId })
      .update({ lastInboundAt: new Date(Date.now() - 25 * 3600 * 1000) });
    const mine = (await fixture.api().get('/api/message-templates').set('Cookie', producer.cookie)).body as { id: number; name: string }[];
    const first = mine.find((template) => template.name === 'Primeiro contato')!;
    const synced = (await fixture.api().get('/api/whatsapp/templates').set('Cookie', owner.cookie)).body as { id: number; name: string }[];
    const resume = synced.find((template) => template.name === 'retomar_conversa')!;
    const ficha = () =>
      fixture.api().post(`/api/contacts/${clientId}/whatsapp`).set('Cookie', producer.cookie).send({ templateId: first.id });

    const unlinked = await ficha();
    expect(unlinked.status).toBe(409);
    expect(unlinked.body.message).toMatch(/ligue o modelo "Primeiro contato" a um modelo aprovado pela Meta/);

    const settings = (body: object, who = owner) => fixture.api().put('/api/whatsapp/settings').set('Cookie', who.cookie).send(body);
    const theirs = await settings({ provider: 'cloud', templateLinks: { [first.id]: resume.id } }, other);
    expect(theirs.status).toBe(400);
    expect((await settings({ provider: 'cloud', templateLinks: { [first.id]: 999999 } })).status).toBe(400);
    expect((await settings({ provider: 'cloud', templateLinks: { abc: resume.id } })).status).toBe(400);
    expect((await settings({ provider: 'cloud', templateLinks: { 9999999999: resume.id } })).status).toBe(400);
    expect((await settings({ provider: 'cloud', templateLinks: { [first.id]: 2147483648 } })).status).toBe(400);
    const linked = await settings({ provider: 'cloud', templateLinks: { [first.id]: resume.id } });
    expect(linked.status).toBe(200);
    expect(linked.body.templateLinks).toEqual({ [first.id]: resume.id });

    const sent = await ficha();
    expect(sent.status).toBe(201);
    expect(sent.body.url).toBeNull();
    expect(sent.body.message).toMatchObject({ kind: 'template', templateName: 'retomar_conversa', status: 'sent' });
    expect(sent.body.entry).toMatchObject({ kind: 'whatsapp', templateName: 'Primeiro contato', status: 'sent' });
    const out = stub.sent.at(-1)!;
    expect(out).toMatchObject({ type: 'template', template: 'retomar_conversa', to: '5511987654321', parameters: [{ text: 'Ana Lima' }] });
    expect((await deliver(statusUpdate(NUMBER, out.id, 'delivered'))).status).toBe(200);
    const entries = (await fixture.api().get(`/api/contacts/${clientId}/timeline`).set('Cookie', producer.cookie)).body.entries;
    expect(entries.find((entry: { id: number }) => entry.id === sent.body.entry.id)).toMatchObject({ status: 'delivered' });

    stub.failNext(1);
    const failed = await ficha();
    expect(failed.status).toBe(502);
    expect(failed.body.message).toMatch(/uma tarefa para reenviá-la está em Minhas tarefas/);
    const task = await fixture.service.knex('tasks').where({ contactId: clientId }).orderBy('id', 'desc').first('title', 'responsibleId');
    expect(task).toMatchObject({ title: 'Reenviar pelo WhatsApp: Primeiro contato para Ana Lima', responsibleId: producer.user.memberId });

    expect((await deliver(inboundText(NUMBER, '551187654321', 'Oi, pode sim', { id: 'wamid.ana-2' }))).status).toBe(200);
    const inside = await ficha();
    expect(inside.status).toBe(201);
    expect(stub.sent.at(-1)).toMatchObject({ type: 'text', text: expect.stringMatching(/^Olá, Ana Lima! Recebemos o seu pedido/) });

    const wame = await fixture.api().post(`/api/contacts/${clientId}/whatsapp`).set('Cookie', other.cookie).send({ templateId: first.id });
    expect(wame.status).toBe(404);
  });

  test("usage: the month's sends by category at the brokerage's rates (failures free); a producer may not; every member reads the channel", async () => {
    const usage = await fixture.api().get('/api/whatsapp/usage').set('Cookie', owner.cookie);
    expect(usage.status).toBe(200);
    const byCategory = Object.fromEntries(usage.body.categories.map((row: { category: string }) => [row.category, row]));
    expect(byCategory.utility).toMatchObject({ count: 2, rate: '0.04', cost: '0.08' });
    expect(byCategory.service.count).toBeGreaterThanOrEqual(2);
    expect(byCategory.marketing).toMatchObject({ count: 0, rate: '0.50', cost: '0.00' });
    expect(usage.body.received).toBeGreaterThanOrEqual(3);
    expect(usage.body.total).toBe('0.08');
    expect((await fixture.api().get('/api/whatsapp/usage?month=2020-01').set('Cookie', owner.cookie)).body.total).toBe('0.00');
    expect((await fixture.api().get('/api/whatsapp/usage?month=13-2026').set('Cookie', owner.cookie)).status).toBe(400);
    expect((await fixture.api().get('/api/whatsapp/usage').set('Cookie', producer.cookie)).status).toBe(403);
    expect((await fixture.api().get('/api/whatsapp/usage').set('Cookie', other.cookie)).body.total).toBe('0.00');
    expect((await fixture.api().get('/api/whatsapp/channel').set('Cookie', assistant.cookie)).body).toEqual({
      provider: 'cloud',
      connected: true,
    });
    expect((await fixture.api().get('/api/whatsapp/channel').set('Cookie', other.cookie)).body).toEqual({
      provider: 'wame',
      connected: false,
    });
  });

  test("a client's file arrives by webhook and a job brings it from Meta into the store (its SHA-256 checked); who sees the conversation downloads it, no one else", async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(50_000)]);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    stub.addMedia('media-apolice-1', bytes, 'application/pdf');
    const delivered = await deliver(
      inboundMedia(NUMBER, '551187654321', 'document', {
        mediaId: 'media-apolice-1',
        mimeType: 'application/pdf',
        sha256,
        filename: 'CNH Ana.pdf',
        id: 'wamid.ana-file-1',
      }),
    );
    expect(delivered.status).toBe(200);
    const thread = () => fixture.api().get(`/api/conversations/${conversationId}/messages`).set('Cookie', producer.cookie);
    let file: { id: number; text: string; media: { ready: boolean; name: string; mimeType: string; size: number } } | undefined;
    for (let tries = 0; tries < 100 && !file?.media.ready; tries += 1) {
      file = (await thread()).body.messages.find((row: { kind: string }) => row.kind === 'document');
      if (!file?.media.ready) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(file).toMatchObject({
      text: 'Documento: CNH Ana.pdf',
      media: { ready: true, name: 'CNH Ana.pdf', mimeType: 'application/pdf', size: bytes.length },
    });
    const download = (who: { cookie: string }, messageId = file!.id, conversation = conversationId) =>
      fixture
        .api()
        .get(`/api/conversations/${conversation}/messages/${messageId}/media`)
        .set('Cookie', who.cookie)
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        });
    const got = await download(producer);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain('attachment;');
    expect(
      createHash('sha256')
        .update(got.body as Buffer)
        .digest('hex'),
    ).toBe(sha256);
    expect((await download(colleague)).status).toBe(404);
    expect((await download(other)).status).toBe(404);
    const text = (await fixture.api().get(`/api/conversations/${conversationId}/messages`).set('Cookie', producer.cookie)).body.messages[0];
    expect((await download(producer, text.id)).status).toBe(404);
    expect((await download(producer, 2147483648)).status).toBe(404);

    // A file whose bytes are not what Meta said is never kept, and the message says so.
    stub.addMedia('media-trocada', Buffer.from('outro arquivo'), 'image/jpeg');
    await deliver(
      inboundMedia(NUMBER, '551187654321', 'image', { mediaId: 'media-trocada', mimeType: 'image/jpeg', sha256, id: 'wamid.ana-file-2' }),
    );
    let swapped: { media: { ready: boolean; error: string | null } } | undefined;
    for (let tries = 0; tries < 100 && !swapped?.media.error; tries += 1) {
      swapped = (await thread()).body.messages.find((row: { kind: string }) => row.kind === 'image');
      if (!swapped?.media.error) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(swapped!.media).toMatchObject({ ready: false, error: expect.stringMatching(/não confere com o que ela informou \(SHA-256\)/) });
    expect(await store.listKeys(`whatsapp/${owner.user.id}/`)).toEqual([`whatsapp/${owner.user.id}/${file!.id}`]);
  });

  test('a file Meta never hands over: the job retries, and after its last try the message says the file will not come', async () => {
    await deliver(
      inboundMedia(NUMBER, '551187654321', 'audio', { mediaId: 'media-sumida', mimeType: 'audio/ogg', id: 'wamid.ana-file-3' }),
    );
    const row = await fixture.service.knex('whatsapp_messages').where({ providerMessageId: 'wamid.ana-file-3' }).first('id');
    // The job's first run meets Meta's 404 and is retried later; its last try is played here, as pg-boss would run it.
    const knex = fixture.service.knex;
    const media = new WhatsappMediaService(
      knex,
      new WhatsappSettingsService(knex, new SecretBox(key), ''),
      new CloudApi(stub.apiUrl),
      store,
    );
    await expect(media.fetch(owner.user.id, row.id, { retry: 7, last: false })).rejects.toBeInstanceOf(ProviderError);
    const waiting = (await fixture.api().get(`/api/conversations/${conversationId}/messages`).set('Cookie', producer.cookie)).body.messages;
    expect(waiting.find((message: { id: number }) => message.id === row.id).media).toMatchObject({ ready: false, error: null });
    await expect(media.fetch(owner.user.id, row.id, { retry: 8, last: true })).rejects.toBeInstanceOf(ProviderError);
    const after = (await fixture.api().get(`/api/conversations/${conversationId}/messages`).set('Cookie', producer.cookie)).body.messages;
    expect(after.find((message: { id: number }) => message.id === row.id).media).toMatchObject({
      ready: false,
      error: 'Não foi possível receber o arquivo da Meta: peça ao cliente que o envie de novo.',
    });
  });

  test("a client's file is fetched only from Meta's hosts (or the configured API's): an address elsewhere never sees the token", async () => {
    const cloud = new CloudApi(stub.apiUrl);
    const seen: string[] = [];
    const elsewhere = http.createServer((req, res) => {
      seen.push(req.headers.authorization ?? '');
      res.end('x');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    try {
      const port = (elsewhere.address() as AddressInfo).port;
      for (const url of [
        `http://127.0.0.1:${port}/arquivo`,
        'https://lookaside.fbsbx.com.example.net/x',
        'http://lookaside.fbsbx.com/x',
        'não é url',
      ])
        await expect(cloud.download({ phoneNumberId: NUMBER, token: TOKEN }, url, 100)).rejects.toBeInstanceOf(ProviderError);
      expect(seen).toEqual([]);
    } finally {
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  });
});
