import net from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { pipelineFixture } from './stack';

/** A finance that accepts connections and drops them: deployed, but not answering. */
const deadFinance = net.createServer((socket) => socket.destroy());
let financeUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => deadFinance.listen(0, '127.0.0.1', resolve));
  financeUrl = `http://127.0.0.1:${(deadFinance.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => deadFinance.close(resolve));
});

const { fixture, catalogues } = pipelineFixture(() => ({ financeUrl }));
const { api, broker } = fixture;

test('finance not answering: the ficha still answers with the contact, its card and written tasks, and says finance is unavailable', async () => {
  const who = await broker();
  const refs = (await request(catalogues().app.callback()).get('/api/reference-data').set('Cookie', who.cookie)).body as {
    products: { id: number }[];
    leadSources: { id: number }[];
    pipelineStages: { id: number; key: string }[];
  };
  const stageId = refs.pipelineStages.find((stage) => stage.key === 'leads')!.id;
  const lead = await api().post('/api/pipeline').set('Cookie', who.cookie).send({
    name: 'Maria Souza',
    phone: '(11) 98765-4321',
    leadSourceId: refs.leadSources[0]!.id,
    productId: refs.products[0]!.id,
    stageId,
  });
  expect(lead.status).toBe(201);
  const contactId = (lead.body as { contactId: number }).contactId;
  const task = await api()
    .post('/api/tasks')
    .set('Cookie', who.cookie)
    .send({ title: 'Ligar para a Maria', dueAt: '2026-12-02', contactId });
  expect(task.status).toBe(201);

  const overview = await api().get(`/api/contacts/${contactId}/overview`).set('Cookie', who.cookie);
  expect(overview.status).toBe(200);
  expect(overview.body).toMatchObject({
    contact: { id: contactId, name: 'Maria Souza' },
    cards: [{ stageKey: 'leads' }],
    policies: [],
    renewals: [],
    unavailable: ['finance'],
  });
  expect(overview.body.tasks.map((entry: { id: string }) => entry.id)).toEqual([task.body.id]);
  // Another brokerage's member: the contact's 404, whatever finance does.
  const other = await broker();
  const foreign = await api().get(`/api/contacts/${contactId}/overview`).set('Cookie', other.cookie);
  expect([foreign.status, foreign.body.message]).toEqual([404, 'Contato não encontrado.']);
});
