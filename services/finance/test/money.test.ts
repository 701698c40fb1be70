import { MONEY_FIELDS, allOperations, pathParamNames } from '@corretora/contracts';
import request from 'supertest';
import { financeStack } from './stack';

/**
 * Money hidden from assistants everywhere (#58 item 1): every read the API documents, asked as an
 * assistant of a brokerage with a policy (commission, instalments), a card sold with its
 * commission, a claim and a document, answers no commission, rate, chargeback or repasse figure —
 * each such field is null — and no CSV has a commission column. The owner reads the same records
 * with their figures (the sweep would pass vacuously otherwise).
 */
const stack = financeStack();
const { api, pipelineApi, brokerWithRefs, member, finalizedCard, issue, services, upload } = stack;

const HIDDEN = new Set<string>(MONEY_FIELDS);

/** Every money field met in an answer, with its path and value. */
function moneyIn(value: unknown, path = ''): [string, unknown][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => moneyIn(item, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    HIDDEN.has(key) ? [[`${path}.${key}`, inner] as [string, unknown]] : moneyIn(inner, `${path}.${key}`),
  );
}

test('an assistant reads every documented operation without a money figure; the owner reads them with it', async () => {
  const owner = await brokerWithRefs();
  const assistant = await member(owner, 'assistant');
  const card = await finalizedCard(owner);
  const issued = await issue(owner, card.id);
  expect(issued.status).toBe(200);
  const [policy] = (await api().get('/api/policies').set('Cookie', owner.cookie)).body as { id: number; commissionValue: string | null }[];
  expect(policy!.commissionValue).toBe('12.50');
  expect(
    (
      await api()
        .put(`/api/policies/${policy!.id}/payment-plan`)
        .set('Cookie', owner.cookie)
        .send({ instalments: 3, firstDueDate: '2026-12-10' })
    ).status,
  ).toBe(200);
  const claim = await api()
    .post('/api/claims')
    .set('Cookie', owner.cookie)
    .send({ contactId: card.contactId, policyId: policy!.id, type: 'colisao', amount: '900.00' });
  expect(claim.status).toBe(201);
  expect(
    (await upload(owner, Buffer.from('%PDF-1.4\n%%EOF\n'), 'apolice.pdf', { category: 'policies', policyId: String(policy!.id) })).status,
  ).toBe(201);
  const lead = await pipelineApi().get('/api/pipeline').set('Cookie', owner.cookie);
  expect(moneyIn(lead.body).some(([, value]) => value !== null)).toBe(true);

  const ids: Record<string, string> = {
    '/api/policies': String(policy!.id),
    '/api/contacts': String(card.contactId),
    '/api/pipeline': String(card.id),
    '/api/pipeline-cards': String(card.id),
    '/api/claims': String(claim.body.id),
  };
  const month = new Date().toISOString().slice(0, 7);
  const apps = [
    api,
    pipelineApi,
    () => request(services.catalogues!.app.callback()),
    () => request(services.broker!.app.callback()),
    () => request(services.identity!.app.callback()),
  ];
  const reads = allOperations().filter((op) => op.access === 'signed-in' && op.method === 'GET');
  let answered = 0;
  let hidden = 0;
  const leaks: string[] = [];
  for (const op of reads) {
    const params = pathParamNames(op.path);
    const prefix = Object.keys(ids).find((candidate) => op.path.startsWith(`${candidate}/`));
    let path = op.path;
    for (const name of params) path = path.replace(`:${name}`, name === 'month' ? month : name === 'id' && prefix ? ids[prefix]! : '');
    if (path.includes('//') || path.endsWith('/')) continue;
    for (const app of apps) {
      const answer = await app().get(path).set('Cookie', assistant.cookie);
      if (answer.status === 404 && answer.body?.message === 'Rota não encontrada.') continue;
      if (answer.status >= 200 && answer.status < 300) {
        answered += 1;
        const type = String(answer.headers['content-type'] ?? '');
        if (type.includes('json')) {
          const found = moneyIn(answer.body);
          hidden += found.length;
          leaks.push(
            ...found.filter(([, value]) => value !== null).map(([where, value]) => `${op.id} ${where} = ${JSON.stringify(value)}`),
          );
        } else if (type.includes('csv') && /Comiss/.test(answer.text)) leaks.push(`${op.id}: a commission column`);
      }
      break;
    }
  }
  expect(leaks).toEqual([]);
  // The sweep met real answers and their money fields (nulled), not only refusals.
  expect(answered).toBeGreaterThan(25);
  expect(hidden).toBeGreaterThan(5);
});
