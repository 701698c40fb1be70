import { createHash, randomBytes } from 'node:crypto';
import { inboundText, signWebhook, startWhatsappStub, type WhatsappStub } from '../../../packages/dev-stack/src/whatsapp-stub';
import { binaryBody, financeStack, type Who } from './stack';

/**
 * Finance's WhatsApp sends through the brokerage's number (#62): a reply with one of the brokerage's
 * documents (uploaded to Meta, then sent by its media id; a copy stays with the conversation), the
 * quotes' comparison and an overdue instalment's reminder (the text inside the 24 hours, the Meta
 * template linked to the automation outside them, the wa.me link otherwise). Real services over
 * their internal listeners, the real store, a stub of Meta's API.
 */
let stub: WhatsappStub;
const credentialKey = randomBytes(32);
beforeAll(async () => {
  stub = await startWhatsappStub();
});
afterAll(async () => {
  await stub?.close();
});
const { api, pipelineApi, brokerWithRefs, member, upload, contactViaApi, services, finalizedCard, issue } = financeStack({
  whatsapp: () => ({ apiUrl: stub.apiUrl, credentialKey }),
});

const SECRET = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
let numbers = 700000;

/** The brokerage on the Cloud API with its own number; that number, for the webhook. */
async function connect(who: Who): Promise<string> {
  const number = String((numbers += 1));
  const saved = await pipelineApi()
    .put('/api/whatsapp/settings')
    .set('Cookie', who.cookie)
    .send({ provider: 'cloud', phoneNumberId: number, businessAccountId: `9${number}`, token: `EAAG${'d'.repeat(40)}`, appSecret: SECRET });
  expect(saved.body).toMatchObject({ provider: 'cloud' });
  return number;
}

/** The client writes first (the 24-hour window opens); their conversation's id. */
async function clientWrites(who: Who, number: string, from: string, text: string): Promise<number> {
  const raw = JSON.stringify(inboundText(number, from, text));
  const delivered = await pipelineApi()
    .post('/api/whatsapp/webhook')
    .set('content-type', 'application/json')
    .set('x-hub-signature-256', signWebhook(raw, SECRET))
    .send(raw);
  expect(delivered.status).toBe(200);
  const list = await pipelineApi().get('/api/conversations').set('Cookie', who.cookie);
  // The client's conversation (Meta's timestamps are in seconds: a message of ours in the same second may be the preview).
  return (list.body as { id: number; contact: { phone: string } }[]).find((row) => from.endsWith(row.contact.phone))!.id;
}

const pdf = (label: string) => Buffer.concat([Buffer.from(`%PDF-1.4\n% ${label}\n`), randomBytes(30_000)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('a WhatsApp reply with a document (#62)', () => {
  test("the client's document goes through Meta (uploaded, then sent by its id), its copy stays in the thread; another's is refused", async () => {
    const owner = await brokerWithRefs();
    const producer = await member(owner, 'producer');
    const number = await connect(owner);
    const ana = await contactViaApi(producer, { name: 'Ana Lima', phone: '(11) 98765-1111' });
    const bruno = await contactViaApi(owner, { name: 'Bruno Reis', phone: '(11) 98765-2222' });
    const conversation = await clientWrites(producer, number, '5511987651111', 'Pode me mandar a apólice?');

    const bytes = pdf('apolice da Ana');
    const policy = await upload(producer, bytes, 'Apólice Ana.pdf', { category: 'policies', contactId: String(ana.id) });
    expect(policy.status).toBe(201);
    const general = await upload(owner, pdf('condicoes gerais'), 'Condições gerais.pdf', { category: 'contracts' });
    const brunos = await upload(owner, pdf('apolice do Bruno'), 'Apólice Bruno.pdf', { category: 'policies', contactId: String(bruno.id) });
    const other = await brokerWithRefs();
    const foreign = await upload(other, pdf('outra corretora'), 'Outra.pdf', { category: 'contracts' });

    const reply = (body: object, who: Who = producer) =>
      pipelineApi().post(`/api/conversations/${conversation}/messages`).set('Cookie', who.cookie).send(body);
    const sent = await reply({ documentId: policy.body.id, text: 'Segue a sua apólice.' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      direction: 'out',
      kind: 'document',
      text: 'Segue a sua apólice.',
      status: 'sent',
      category: 'service',
      media: { name: 'Apólice Ana.pdf', mimeType: 'application/pdf', size: bytes.length, ready: true, error: null },
    });
    // Meta got the same bytes, by an uploaded media id, with the name and the caption.
    expect(stub.sent.at(-1)).toMatchObject({
      phoneNumberId: number,
      to: '5511987651111',
      type: 'document',
      document: { filename: 'Apólice Ana.pdf', caption: 'Segue a sua apólice.', mimeType: 'application/pdf', sha256: sha256(bytes) },
    });
    // The copy in the thread is what the client got.
    const copy = await pipelineApi()
      .get(`/api/conversations/${conversation}/messages/${sent.body.id}/media`)
      .set('Cookie', producer.cookie)
      .buffer(true)
      .parse(binaryBody);
    expect(copy.status).toBe(200);
    expect(sha256(copy.body as Buffer)).toBe(sha256(bytes));
    // And on the client's timeline, with the caption.
    const timeline = await pipelineApi().get(`/api/contacts/${ana.id}/timeline`).set('Cookie', producer.cookie);
    expect(
      timeline.body.entries.some(
        (entry: { kind: string; text: string }) => entry.kind === 'message' && entry.text === 'Segue a sua apólice.',
      ),
    ).toBe(true);

    // A document of no client goes alone (its name is the message); one of another client or brokerage does not.
    const alone = await reply({ documentId: general.body.id }, owner);
    expect(alone.status).toBe(201);
    expect(alone.body).toMatchObject({ kind: 'document', text: 'Condições gerais.pdf' });
    const brunosRefused = await reply({ documentId: brunos.body.id }, owner);
    expect(brunosRefused.status).toBe(400);
    expect(brunosRefused.body.issues).toEqual([
      { path: 'documentId', message: 'Este documento é de outro cliente: escolha um documento deste cliente.' },
    ]);
    // Bruno's document is the owner's client's: the producer cannot even see it.
    expect((await reply({ documentId: brunos.body.id })).body.issues).toEqual([
      { path: 'documentId', message: 'Documento não encontrado.' },
    ]);
    for (const documentId of [foreign.body.id, 2147483647]) {
      const refused = await reply({ documentId });
      expect(refused.status).toBe(400);
      expect(refused.body.issues).toEqual([{ path: 'documentId', message: 'Documento não encontrado.' }]);
    }
    for (const body of [{ documentId: 2147483648 }, { documentId: 'x' }, { documentId: policy.body.id, templateId: 1 }]) {
      const refused = await reply(body);
      expect(refused.status).toBe(400);
      expect(refused.body.issues.map((issue: { path: string }) => issue.path)).toContain('documentId');
    }
    // Another brokerage's member cannot reach the conversation at all.
    expect((await reply({ documentId: foreign.body.id }, other)).status).toBe(404);
    const sends = stub.sent.length;

    // Meta failing: a 502, the message kept as failed (with its copy), nothing counted as sent.
    stub.failNext(1);
    const failed = await reply({ documentId: policy.body.id });
    expect(failed.status).toBe(502);
    const thread = (await pipelineApi().get(`/api/conversations/${conversation}/messages`).set('Cookie', producer.cookie)).body.messages;
    expect(thread.at(-1)).toMatchObject({ kind: 'document', status: 'failed', media: { ready: true } });
    expect(stub.sent.length).toBe(sends);
  });

  test('outside the 24-hour window a document is refused on its field (only a template may go)', async () => {
    const owner = await brokerWithRefs();
    const number = await connect(owner);
    const carla = await contactViaApi(owner, { name: 'Carla Dias', phone: '(21) 99876-3333' });
    const conversation = await clientWrites(owner, number, '5521998763333', 'Oi');
    const document = await upload(owner, pdf('carla'), 'Carla.pdf', { category: 'policies', contactId: String(carla.id) });
    // The client's last message, a day and an hour ago.
    await services
      .pipeline!.knex('conversations')
      .where({ id: conversation })
      .update({ lastInboundAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    const refused = await pipelineApi()
      .post(`/api/conversations/${conversation}/messages`)
      .set('Cookie', owner.cookie)
      .send({ documentId: document.body.id });
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([{ path: 'documentId', message: expect.stringMatching(/^Já passaram 24 horas/) }]);
  });
});

/** The São Paulo day `days` from today, ISO. */
function inDays(days: number): string {
  const date = new Date(`${new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' })}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Configurações › WhatsApp: the automation goes, outside the 24 hours, as the synced Meta template of that name. */
async function linkAutomation(who: Who, automation: string, metaName: string) {
  const synced = (await pipelineApi().get('/api/whatsapp/templates').set('Cookie', who.cookie)).body as { id: number; name: string }[];
  const linked = await pipelineApi()
    .put('/api/whatsapp/settings')
    .set('Cookie', who.cookie)
    .send({ provider: 'cloud', templateLinks: { [automation]: synced.find((template) => template.name === metaName)!.id } });
  expect(linked.body).toMatchObject({ provider: 'cloud' });
  expect(linked.body.templateLinks[automation]).toEqual(expect.any(Number));
}

const lastInboundAgo = (conversation: number, hours: number) =>
  services
    .pipeline!.knex('conversations')
    .where({ id: conversation })
    .update({ lastInboundAt: new Date(Date.now() - hours * 60 * 60 * 1000) });

describe("the product's own WhatsApp sends through the brokerage's number (#62)", () => {
  test("an overdue instalment's reminder: wa.me until connected, then the linked Meta template outside the 24 hours, the text inside; a failure is a task", async () => {
    const owner = await brokerWithRefs();
    const colleague = await member(owner, 'producer');
    const card = await finalizedCard(owner, 'Seguro Auto', { startDate: inDays(-45), endDate: inDays(320) });
    expect((await issue(owner, card.id, { policyNumber: 'AP-ATRASO-1' })).status).toBe(200);
    const [policy] = (await api().get('/api/policies').set('Cookie', owner.cookie)).body as { id: number }[];
    const plan = await api()
      .put(`/api/policies/${policy!.id}/payment-plan`)
      .set('Cookie', owner.cookie)
      .send({ instalments: 3, firstDueDate: inDays(-40) });
    expect(plan.status).toBe(200);
    const remind = (number: number | string, who: Who = owner) =>
      api().post(`/api/policies/${policy!.id}/instalments/${number}/whatsapp`).set('Cookie', who.cookie).send({});

    // Not connected: the wa.me link, and the reminder on the client's timeline.
    const link = await remind(1);
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ via: 'wame', status: null, notice: null });
    const text = decodeURIComponent(link.body.url.split('?text=')[1]);
    expect(link.body.url).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    expect(text).toMatch(
      /^Olá, Maria Souza! A parcela 1\/3 da sua apólice AP-ATRASO-1 \(.+\), de R\$ [\d.]+,\d{2}, venceu em \d{2}\/\d{2}\/\d{4}\./,
    );
    const timeline = await pipelineApi().get(`/api/contacts/${card.contactId}/timeline`).set('Cookie', owner.cookie);
    expect(timeline.body.entries[0]).toMatchObject({ kind: 'whatsapp', templateName: 'Parcela em atraso', text });

    // Only an overdue, unpaid one; only the policy's member's or a manager's; the house's ids.
    expect((await remind(3)).status).toBe(409);
    expect((await remind(3)).body.message).toMatch(/^Esta parcela não está em atraso/);
    expect((await remind(9)).status).toBe(404);
    expect((await remind(1, colleague)).status).toBe(404);
    expect((await remind(1, await brokerWithRefs())).status).toBe(404);
    expect((await remind('x')).status).toBe(404);

    // Connected, the client never wrote, nothing linked: still the link, saying why.
    const number = await connect(owner);
    const unlinked = await remind(1);
    expect(unlinked.body).toMatchObject({ via: 'wame', status: null });
    expect(unlinked.body.notice).toMatch(/ligue o modelo "Parcela em atraso" a um modelo aprovado pela Meta em Configurações › WhatsApp/);
    // A send that could not go opened no conversation (Conversas lists none for a client who never wrote).
    expect((await pipelineApi().get('/api/conversations').set('Cookie', owner.cookie)).body).toEqual([]);
    // Linked: Meta's template, its variables by name.
    await linkAutomation(owner, 'parcela_vencida', 'parcela_em_atraso');
    const templated = await remind(2);
    expect(templated.body).toMatchObject({ via: 'provider', url: null, status: 'sent', notice: null });
    const sent = stub.sent.at(-1)!;
    expect(sent).toMatchObject({ phoneNumberId: number, to: '5511987654321', type: 'template', template: 'parcela_em_atraso' });
    expect(Object.fromEntries(sent.parameters!.map((parameter) => [parameter.name, parameter.text]))).toMatchObject({
      nome: 'Maria Souza',
      numero_apolice: 'AP-ATRASO-1',
      parcela: '2/3',
      valor: expect.stringMatching(/^R\$ /),
      vencimento: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
    });

    // The client writes: inside the 24 hours the reminder goes as its text, with the boleto's link.
    await clientWrites(owner, number, '5511987654321', 'Vou pagar amanhã');
    expect(
      (
        await api()
          .put(`/api/policies/${policy!.id}/instalments/1/payment-link`)
          .set('Cookie', owner.cookie)
          .send({ paymentLink: 'https://pix.example.com/cobranca/123' })
      ).status,
    ).toBe(200);
    expect((await remind(1)).body).toMatchObject({ via: 'provider', status: 'sent' });
    expect(stub.sent.at(-1)).toMatchObject({
      type: 'text',
      text: expect.stringContaining('Para pagar: https://pix.example.com/cobranca/123'),
    });

    // Meta failing: kept as failed, a task to send it again, and the member told so.
    stub.failNext(1);
    const failed = await remind(1);
    expect(failed.status).toBe(201);
    expect(failed.body).toMatchObject({ via: 'provider', status: 'failed', notice: expect.stringMatching(/tarefa para reenviá-la/) });
    const ficha = await pipelineApi().get(`/api/contacts/${card.contactId}/overview`).set('Cookie', owner.cookie);
    expect(ficha.body.tasks.map((task: { title: string }) => task.title)).toContain(
      'Reenviar pelo WhatsApp: Parcela em atraso para Maria Souza',
    );
  });

  test("the quotes' comparison: its PDF inside the 24 hours, the linked template with the link outside them", async () => {
    const owner = await brokerWithRefs();
    const number = await connect(owner);
    const card = await finalizedCard(owner);
    const quote = await api()
      .post(`/api/pipeline-cards/${card.id}/quotes`)
      .set('Cookie', owner.cookie)
      .send({
        insurerId: owner.refs.insurers[0]!.id,
        line: 'auto',
        totalPremium: '2750.99',
        netPremium: '2650.99',
        paymentOptions: [{ instalments: 1, amount: '2750.99', interest: false }],
        coverages: [{ key: 'casco', label: 'Casco', limit: null, detail: '100% FIPE' }],
        commissionPercent: '15.00',
        validUntil: inDays(20),
      });
    expect(quote.status).toBe(201);
    const compare = () =>
      api()
        .post(`/api/pipeline-cards/${card.id}/comparison`)
        .set('Cookie', owner.cookie)
        .send({ quoteIds: [quote.body.id], channel: 'whatsapp' });

    const conversation = await clientWrites(owner, number, '5511987654321', 'Já tem as cotações?');
    const inside = await compare();
    expect(inside.status).toBe(201);
    expect(inside.body).toMatchObject({ channel: 'whatsapp', whatsappUrl: null, whatsappStatus: 'sent', whatsappNotice: null });
    const pdf = (
      await api().get(`/api/documents/${inside.body.pdfDocumentId}/download`).set('Cookie', owner.cookie).buffer(true).parse(binaryBody)
    ).body as Buffer;
    expect(stub.sent.at(-1)).toMatchObject({
      type: 'document',
      document: {
        filename: expect.stringMatching(/^comparativo-de-cotacoes-\d{4}-\d{2}-\d{2}\.pdf$/),
        caption: expect.stringContaining(inside.body.url),
        sha256: sha256(pdf),
      },
    });

    await lastInboundAgo(conversation, 25);
    const unlinked = await compare();
    expect(unlinked.body.whatsappUrl).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    expect(unlinked.body.whatsappNotice).toMatch(/ligue o modelo "Comparativo de cotações"/);
    await linkAutomation(owner, 'comparativo', 'comparativo_cotacoes');
    const outside = await compare();
    expect(outside.body).toMatchObject({ whatsappUrl: null, whatsappStatus: 'sent' });
    const sent = stub.sent.at(-1)!;
    expect(sent).toMatchObject({ type: 'template', template: 'comparativo_cotacoes' });
    expect(sent.parameters).toEqual(
      expect.arrayContaining([
        { name: 'nome', text: 'Maria Souza' },
        { name: 'link', text: outside.body.url },
      ]),
    );
    // Each send is on the client's timeline as a message, besides the comparison's own record.
    const timeline = await pipelineApi().get(`/api/contacts/${card.contactId}/timeline`).set('Cookie', owner.cookie);
    const kinds = timeline.body.entries.map((entry: { kind: string }) => entry.kind);
    expect(kinds.filter((kind: string) => kind === 'sent')).toHaveLength(3);
    expect(
      timeline.body.entries.filter((entry: { kind: string; direction: string }) => entry.kind === 'message' && entry.direction === 'out'),
    ).toHaveLength(2);
  });
});

describe('Conversas for assistants (#62): every conversation, or — the brokerage says so — only those passed to them', () => {
  test("the kit's scope narrows a limited assistant on every operation, and a conversation passed to them opens", async () => {
    const owner = await brokerWithRefs();
    const producer = await member(owner, 'producer');
    const assistant = await member(owner, 'assistant');
    const number = await connect(owner);
    await contactViaApi(producer, { name: 'Ana Lima', phone: '(11) 98765-5555' });
    await contactViaApi(owner, { name: 'Bruno Reis', phone: '(11) 98765-6666' });
    const ana = await clientWrites(owner, number, '5511987655555', 'Oi, é a Ana');
    const bruno = await clientWrites(owner, number, '5511987656666', 'Oi, é o Bruno');
    const conversations = async (who: Who) =>
      ((await pipelineApi().get('/api/conversations').set('Cookie', who.cookie)).body as { id: number }[]).map((row) => row.id).sort();
    const limit = (on: unknown, who: Who = owner) =>
      pipelineApi().put('/api/whatsapp/settings').set('Cookie', who.cookie).send({ provider: 'cloud', assistantsOwnOnly: on });

    expect(await conversations(assistant)).toEqual([ana, bruno].sort());
    expect((await limit(true, assistant)).status).toBe(403);
    expect((await limit(true, producer)).status).toBe(403);
    expect((await limit('sim')).body.issues).toEqual([{ path: 'assistantsOwnOnly', message: 'Escolha sim ou não' }]);
    const limited = await limit(true);
    expect(limited.status).toBe(200);
    expect(limited.body.assistantsOwnOnly).toBe(true);

    // Limited: nothing of anyone else's, on every operation (404, as a producer's colleague).
    expect(await conversations(assistant)).toEqual([]);
    const path = `/api/conversations/${ana}`;
    expect((await pipelineApi().get(`${path}/messages`).set('Cookie', assistant.cookie)).status).toBe(404);
    expect((await pipelineApi().post(`${path}/messages`).set('Cookie', assistant.cookie).send({ text: 'oi' })).status).toBe(404);
    expect((await pipelineApi().post(`${path}/read`).set('Cookie', assistant.cookie)).status).toBe(404);
    expect(
      (await pipelineApi().post(`${path}/assign`).set('Cookie', assistant.cookie).send({ memberId: assistant.user.memberId })).status,
    ).toBe(404);
    // The producer and the owner are not narrowed by it.
    expect(await conversations(producer)).toEqual([ana]);
    expect(await conversations(owner)).toEqual([ana, bruno].sort());

    // Passed to the assistant: theirs to read and answer.
    expect(
      (await pipelineApi().post(`${path}/assign`).set('Cookie', owner.cookie).send({ memberId: assistant.user.memberId })).status,
    ).toBe(200);
    expect(await conversations(assistant)).toEqual([ana]);
    const thread = await pipelineApi().get(`${path}/messages`).set('Cookie', assistant.cookie);
    expect(thread.status).toBe(200);
    expect(thread.body.messages.map((row: { text: string }) => row.text)).toEqual(['Oi, é a Ana']);
    expect((await pipelineApi().post(`${path}/messages`).set('Cookie', assistant.cookie).send({ text: 'Olá, Ana!' })).status).toBe(201);

    // Unlimited again: every conversation.
    expect((await limit(false)).body.assistantsOwnOnly).toBe(false);
    expect(await conversations(assistant)).toEqual([ana, bruno].sort());
  });
});
