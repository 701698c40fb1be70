import { createHash, randomBytes } from 'node:crypto';
import { inboundText, signWebhook, startWhatsappStub, type WhatsappStub } from '../../../packages/dev-stack/src/whatsapp-stub';
import { binaryBody, financeStack, type Who } from './stack';

/**
 * A reply with a document (#62): one of the brokerage's documents (finance keeps it) goes to the
 * client through the Cloud API — uploaded to Meta, then sent by its media id — and a copy stays with
 * the conversation. Real services over their internal listeners, the real store, a stub of Meta's API.
 */
let stub: WhatsappStub;
const credentialKey = randomBytes(32);
beforeAll(async () => {
  stub = await startWhatsappStub();
});
afterAll(async () => {
  await stub?.close();
});
const { pipelineApi, brokerWithRefs, member, upload, contactViaApi, services } = financeStack({
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
  return (list.body as { id: number; lastMessagePreview: string }[]).find((row) => row.lastMessagePreview === text)!.id;
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
