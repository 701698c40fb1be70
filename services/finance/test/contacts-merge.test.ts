import { FINANCE_OPERATIONS } from '@corretora/contracts';
import { createInternalClient } from '@corretora/service-kit';
import { TEST_INTERNAL_TOKEN } from '@corretora/service-kit/testing';
import { financeStack } from './stack';

const stack = financeStack();
const { api, pipelineApi, brokerWithRefs, finalizedCard, issue } = stack;

describe('a contact with a policy becomes a client; duplicates are found and merged with everything they own', () => {
  test('issue, find the duplicate, merge: card, notes, policy and claim move to the survivor', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who);
    expect((await issue(who, card.id, { policyNumber: 'AP-1' })).status).toBe(200);
    const client = await pipelineApi().get(`/api/contacts/${card.contactId}`).set('Cookie', who.cookie);
    expect(client.body.type).toBe('individual');

    // The same person typed again, with an e-mail: same phone.
    const twin = await pipelineApi()
      .post('/api/contacts')
      .set('Cookie', who.cookie)
      .send({ name: 'Maria de Souza', phone: '(11) 98765-4321', email: 'maria@exemplo.com', type: 'individual' });
    expect(twin.status).toBe(201);
    const policies = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number; contactId: number }[];
    const claim = await api()
      .post('/api/claims')
      .set('Cookie', who.cookie)
      .send({ contactId: card.contactId, policyId: policies[0]!.id, type: 'colisao', amount: '1000.00', description: 'Batida' });
    expect(claim.status).toBe(201);

    const groups = await pipelineApi().get('/api/contacts/duplicates').set('Cookie', who.cookie);
    expect(groups.status).toBe(200);
    expect(groups.body).toEqual([
      expect.objectContaining({
        reason: 'phone',
        value: '+5511987654321',
        contacts: [expect.objectContaining({ id: card.contactId }), expect.objectContaining({ id: twin.body.id })],
      }),
    ]);

    // Keep the twin, with the original's name.
    const merged = await pipelineApi()
      .post(`/api/contacts/${twin.body.id as number}/merge`)
      .set('Cookie', who.cookie)
      .send({ otherId: card.contactId, keep: { name: 'other' } });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({
      contact: { id: twin.body.id, name: 'Maria Souza', email: 'maria@exemplo.com', type: 'individual' },
      moved: { cards: 1, policies: 1, claims: 1, documents: 0 },
    });
    expect((await pipelineApi().get(`/api/contacts/${card.contactId}`).set('Cookie', who.cookie)).status).toBe(404);
    const after = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { contactId: number }[];
    expect(after[0]!.contactId).toBe(twin.body.id);
    const board = (await pipelineApi().get('/api/pipeline').set('Cookie', who.cookie)).body as { id: number; contactId: number }[];
    expect(board.find((entry) => entry.id === card.id)!.contactId).toBe(twin.body.id);
    const notes = (
      await pipelineApi()
        .get(`/api/contacts/${twin.body.id as number}`)
        .set('Cookie', who.cookie)
    ).body.notes as { content: string }[];
    expect(notes.at(-1)!.content).toContain('Contato mesclado: Maria Souza');
    expect((await pipelineApi().get('/api/contacts/duplicates').set('Cookie', who.cookie)).body).toEqual([]);
  });

  test("another broker's contacts are 404 on both sides; merging a contact into itself is a 400", async () => {
    const owner = await brokerWithRefs();
    const other = await brokerWithRefs();
    const mine = await pipelineApi()
      .post('/api/contacts')
      .set('Cookie', owner.cookie)
      .send({ name: 'A', phone: '(11) 98765-4321', type: 'individual' });
    const theirs = await pipelineApi()
      .post('/api/contacts')
      .set('Cookie', other.cookie)
      .send({ name: 'A', phone: '(11) 98765-4321', type: 'individual' });
    const intoTheirs = await pipelineApi()
      .post(`/api/contacts/${theirs.body.id as number}/merge`)
      .set('Cookie', owner.cookie)
      .send({ otherId: mine.body.id });
    expect(intoTheirs.status).toBe(404);
    const fromTheirs = await pipelineApi()
      .post(`/api/contacts/${mine.body.id as number}/merge`)
      .set('Cookie', owner.cookie)
      .send({ otherId: theirs.body.id });
    expect(fromTheirs.status).toBe(404);
    expect(fromTheirs.body.message).toBe('Contato não encontrado.');
    const itself = await pipelineApi()
      .post(`/api/contacts/${mine.body.id as number}/merge`)
      .set('Cookie', owner.cookie)
      .send({ otherId: mine.body.id });
    expect(itself.status).toBe(400);
    const badKeep = await pipelineApi()
      .post(`/api/contacts/${mine.body.id as number}/merge`)
      .set('Cookie', owner.cookie)
      .send({ otherId: theirs.body.id, keep: { password: 'other' } });
    expect(badKeep.status).toBe(400);
    // Nothing moved or vanished on either side.
    expect(
      (
        await pipelineApi()
          .get(`/api/contacts/${theirs.body.id as number}`)
          .set('Cookie', other.cookie)
      ).status,
    ).toBe(200);
    expect((await pipelineApi().get('/api/contacts/duplicates').set('Cookie', owner.cookie)).body).toEqual([]);
  });
});

describe('commission on the net premium', () => {
  test('a policy issued now keeps its card’s prêmio líquido: commission is paid on it', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who);
    expect((await issue(who, card.id)).status).toBe(200);
    const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number; netPremium: string | null }[];
    expect(policy!.netPremium).toBe('1000.00');
    const commissions = (await api().get('/api/commissions').set('Cookie', who.cookie)).body;
    // R$ 1.000,00 net at 12,5%: R$ 125,00 (not R$ 134,23 on the R$ 1.073,80 the client pays).
    expect(commissions.policies[0]).toMatchObject({ premium: 107_380, commissionBase: 100_000, calculatedCommission: 12_500 });
  });
});

describe('lines of policies issued before lines (#34 item 2)', () => {
  test('a Saúde product’s policy, read as empresarial after the migration, becomes saude from its card’s product, once', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who, 'Seguro Saúde');
    expect((await issue(who, card.id)).status).toBe(200);
    const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number }[];
    // As the migration left it: the line of its old type (business).
    await stack.finance().knex('policies').where({ id: policy!.id }).update({ line: 'empresarial', type: 'business' });
    // The pipeline of the upgrade starts: its start-up job sends each issued card's line, once.
    await stack.services.pipeline!.knex('backfills').delete();
    await stack.pipelineStarts();
    const read = async () =>
      (await api().get(`/api/policies/${policy!.id}`).set('Cookie', who.cookie)).body as { line: string; type: string };
    expect(await read()).toMatchObject({ line: 'saude', type: 'life' });
    // Done once: marked in backfills, a second start sends nothing.
    await stack.finance().knex('policies').where({ id: policy!.id }).update({ line: 'odonto' });
    await stack.pipelineStarts();
    expect((await read()).line).toBe('odonto');
    // The internal call takes only lines of the list, and only the broker's own policies.
    const finance = createInternalClient(stack.urls.finance, TEST_INTERNAL_TOKEN);
    const other = await brokerWithRefs();
    const foreign = await finance.call(FINANCE_OPERATIONS.setPolicyLines, {
      params: { userId: other.user.id },
      body: { policies: [{ policyId: policy!.id, line: 'auto' }] },
    });
    expect(foreign).toEqual({ updated: 0 });
    expect((await read()).line).toBe('odonto');
  });
});
