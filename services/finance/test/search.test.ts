import { financeStack } from './stack';

const stack = financeStack();
const { api, pipelineApi, brokerWithRefs, finalizedCard, issue, newLead } = stack;

type Who = Awaited<ReturnType<typeof brokerWithRefs>>;

const search = (who: Who, q: string) => pipelineApi().get('/api/search').query({ q }).set('Cookie', who.cookie);

/** The names of every result, group by group, as the box lists them. */
async function found(who: Who, q: string) {
  const answer = await search(who, q);
  expect([q, answer.status]).toEqual([q, 200]);
  const body = answer.body as {
    clients: { name: string }[];
    policies: { policyNumber: string }[];
    claims: { claimNumber: string }[];
    cards: { contactName: string; stageName: string }[];
    unavailable: string[];
  };
  return {
    clients: body.clients.map((client) => client.name),
    policies: body.policies.map((policy) => policy.policyNumber),
    claims: body.claims.map((claim) => claim.claimNumber),
    cards: body.cards.map((card) => `${card.contactName} em ${card.stageName}`),
  };
}

describe('the top bar’s search (#35 item 2)', () => {
  test('clients by name without accents, CPF or phone with or without the mask, e-mail; policies and claims by number; open cards by client; only the brokerage’s own', async () => {
    const who = await brokerWithRefs();
    const joao = await pipelineApi().post('/api/contacts').set('Cookie', who.cookie).send({
      kind: 'pf',
      name: 'João da Conceição',
      cpf: '52998224725',
      phone: '(11) 3222-4455',
      email: 'jconceicao@exemplo.com.br',
    });
    expect(joao.status).toBe(201);
    const card = await finalizedCard(who);
    expect((await issue(who, card.id, { policyNumber: 'AP-2026/00123' })).status).toBe(200);
    const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number; contactId: number }[];
    const claim = await api()
      .post('/api/claims')
      .set('Cookie', who.cookie)
      .send({ contactId: policy!.contactId, policyId: policy!.id, type: 'colisao', amount: '900.00', insurerClaimNumber: 'SX-778899' });
    expect(claim.status).toBe(201);
    const claimNumber = claim.body.claimId as string;
    expect((await newLead(who, { name: 'Camila Araújo', phone: '(21) 99876-5432', productId: who.refs.products[0]!.id })).status).toBe(201);

    const none = { clients: [], policies: [], claims: [], cards: [] };
    const joaoOnly = { ...none, clients: ['João da Conceição'] };
    for (const q of [
      '529.982.247-25',
      '52998224725',
      '529982',
      'conceicao',
      'CONCEIÇÃO',
      'joao da',
      'jconceicao@exemplo',
      '3222-4455',
      '(11) 3222',
      '+55 11 3222-4455',
    ]) {
      expect([q, await found(who, q)]).toEqual([q, joaoOnly]);
    }
    expect(await found(who, 'AP-2026/00123')).toEqual({ ...none, policies: ['AP-2026/00123'] });
    expect(await found(who, 'ap202600123')).toEqual({ ...none, policies: ['AP-2026/00123'] });
    expect(await found(who, '00123')).toEqual({ ...none, policies: ['AP-2026/00123'] });
    expect(await found(who, 'sx778899')).toEqual({ ...none, claims: [claimNumber] });
    expect(await found(who, claimNumber.toLowerCase())).toEqual({ ...none, claims: [claimNumber] });
    expect(await found(who, 'araujo')).toEqual({ ...none, clients: ['Camila Araújo'], cards: ['Camila Araújo em Contato'] });
    // Maria's policy and claim hold the client; her card was issued (no longer open).
    expect(await found(who, 'maria sou')).toEqual({ ...none, clients: ['Maria Souza'] });
    // What LIKE reads as a wildcard is only text here.
    expect(await found(who, '%%')).toEqual(none);
    expect(await found(who, '__')).toEqual(none);

    // Another brokerage finds none of it.
    const other = await brokerWithRefs();
    for (const q of ['conceicao', '52998224725', 'AP-2026/00123', 'sx778899', 'araujo']) {
      expect([q, await found(other, q)]).toEqual([q, none]);
    }

    // Too short, too long, missing: a 400 that says why; signed out: 401.
    for (const q of ['a', ' a ', '']) {
      const short = await search(who, q);
      expect([q, short.status, short.body.message]).toEqual([q, 400, 'Digite ao menos 2 caracteres para buscar']);
    }
    expect((await pipelineApi().get('/api/search').set('Cookie', who.cookie)).status).toBe(400);
    expect((await search(who, 'x'.repeat(101))).status).toBe(400);
    expect((await pipelineApi().get('/api/search?q=ab')).status).toBe(401);
  });

  test('at most 20 results in all, the groups taking turns', async () => {
    const who = await brokerWithRefs();
    await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        pipelineApi()
          .post('/api/contacts')
          .set('Cookie', who.cookie)
          .send({ name: `Cliente Silva ${index + 1}`, phone: `(11) 9${String(80000000 + index)}` }),
      ),
    );
    const many = await found(who, 'silva');
    expect(many.clients).toHaveLength(20);
    // A word that starts with what was typed comes before one that only contains it.
    await pipelineApi().post('/api/contacts').set('Cookie', who.cookie).send({ name: 'Ana Silvana', phone: '(11) 98888-0000' });
    await pipelineApi().post('/api/contacts').set('Cookie', who.cookie).send({ name: 'Mariana Lima', phone: '(11) 98888-0001' });
    expect((await found(who, 'ana')).clients.slice(0, 2)).toEqual(['Ana Silvana', 'Mariana Lima']);
  });
});
