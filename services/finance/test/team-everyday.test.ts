import { saoPauloDay } from '@corretora/contracts';
import { financeStack } from './stack';

const { api, pipelineApi, brokerWithRefs, member, finalizedCard, issue } = financeStack();

const CPF = '529.982.247-25';

describe("a team's everyday (#58 items 3 and 4): whose a new record is, and a colleague's client", () => {
  test('Novo Lead, Novo Contato and Nova tarefa name their responsible: any role that sees every record may name another active member; a producer only themselves', async () => {
    const owner = await brokerWithRefs();
    const paulo = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    const ana = await member(owner, 'assistant');
    const lead = (who: typeof owner, body: Record<string, unknown>) =>
      pipelineApi()
        .post('/api/pipeline')
        .set('Cookie', who.cookie)
        .send({
          name: 'Lead do Paulo',
          phone: '(11) 98765-4321',
          productId: owner.refs.products[0]!.id,
          leadSourceId: owner.refs.leadSources[0]!.id,
          stageId: owner.refs.pipelineStages[0]!.id,
          ...body,
        });

    // The assistant takes a call for Paulo: the contact and its card are his, on his board.
    const forPaulo = await lead(ana, { responsibleId: paulo.user.memberId });
    expect(forPaulo.status).toBe(201);
    expect(forPaulo.body.responsibleId).toBe(paulo.user.memberId);
    const board = (await pipelineApi().get('/api/pipeline').set('Cookie', paulo.cookie)).body as { id: number; responsibleId: string }[];
    expect(board.map((card) => card.id)).toContain(forPaulo.body.id);
    expect((await pipelineApi().get(`/api/contacts/${forPaulo.body.contactId}`).set('Cookie', paulo.cookie)).body.responsibleId).toBe(
      paulo.user.memberId,
    );
    // A new card for that client follows the client, whoever adds it.
    const second = await pipelineApi().post('/api/pipeline').set('Cookie', ana.cookie).send({
      contactId: forPaulo.body.contactId,
      productId: owner.refs.products[0]!.id,
      leadSourceId: owner.refs.leadSources[0]!.id,
      stageId: owner.refs.pipelineStages[0]!.id,
    });
    expect(second.status).toBe(201);
    expect(second.body.responsibleId).toBe(paulo.user.memberId);

    // '' is the member creating it.
    expect((await lead(ana, { responsibleId: '' })).body.responsibleId).toBe(ana.user.memberId);
    // A producer names only themselves.
    expect((await lead(paulo, { responsibleId: paulo.user.memberId })).status).toBe(201);
    expect((await lead(paulo, { responsibleId: bruno.user.memberId })).status).toBe(403);
    // Another brokerage's member, or no member: a pt-BR 400 on the field, nothing made.
    const stranger = await member(await brokerWithRefs(), 'producer');
    const refused = await lead(owner, { responsibleId: stranger.user.memberId, name: 'Nunca criado' });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0].path).toBe('responsibleId');
    expect((await lead(owner, { responsibleId: 'nao-e-um-id' })).status).toBe(400);
    expect(JSON.stringify((await pipelineApi().get('/api/contacts').set('Cookie', owner.cookie)).body)).not.toContain('Nunca criado');

    const contact = await pipelineApi()
      .post('/api/contacts')
      .set('Cookie', owner.cookie)
      .send({ name: 'Cliente do Bruno', phone: '(11) 3222-4455', responsibleId: bruno.user.memberId });
    expect(contact.status).toBe(201);
    expect(contact.body.responsibleId).toBe(bruno.user.memberId);

    const task = await pipelineApi()
      .post('/api/tasks')
      .set('Cookie', ana.cookie)
      .send({
        title: 'Ligar para o lead',
        dueAt: saoPauloDay(new Date()),
        contactId: forPaulo.body.contactId,
        responsibleId: paulo.user.memberId,
      });
    expect(task.status).toBe(201);
    const paulosTasks = (await pipelineApi().get('/api/tasks').set('Cookie', paulo.cookie)).body;
    expect(JSON.stringify(paulosTasks)).toContain('Ligar para o lead');
    expect(JSON.stringify((await pipelineApi().get('/api/tasks').set('Cookie', ana.cookie)).body)).not.toContain('Ligar para o lead');
  });

  test("a producer typing a colleague's client's CPF is told and no record is made; asking for it gives the owner a task", async () => {
    const owner = await brokerWithRefs();
    const paulo = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    const brunos = await pipelineApi()
      .post('/api/contacts')
      .set('Cookie', bruno.cookie)
      .send({ name: 'Marta Lima', phone: '(11) 3222-4455', cpf: CPF });
    expect(brunos.status).toBe(201);

    const asContact = await pipelineApi()
      .post('/api/contacts')
      .set('Cookie', paulo.cookie)
      .send({ name: 'Marta L.', phone: '(11) 98765-4321', cpf: CPF });
    expect(asContact.status).toBe(409);
    expect(asContact.body.issues).toEqual([{ path: 'cpf', message: expect.stringContaining('outro membro da equipe') }]);
    // The answer never names the client or whose it is.
    expect(JSON.stringify(asContact.body)).not.toContain('Marta Lima');
    const asLead = await pipelineApi().post('/api/pipeline').set('Cookie', paulo.cookie).send({
      name: 'Marta',
      phone: '(11) 98765-4321',
      cpf: '52998224725',
      productId: owner.refs.products[0]!.id,
      leadSourceId: owner.refs.leadSources[0]!.id,
      stageId: owner.refs.pipelineStages[0]!.id,
    });
    expect(asLead.status).toBe(409);
    const everyone = (await pipelineApi().get('/api/contacts').set('Cookie', owner.cookie)).body as { total: number };
    expect(everyone.total).toBe(1);
    // His own client with that CPF would be his to keep: only a colleague's is refused. The owner sees every client: hers to merge.
    expect(
      (await pipelineApi().post('/api/contacts').set('Cookie', owner.cookie).send({ name: 'Marta', phone: '(11) 91234-5678', cpf: CPF }))
        .status,
    ).toBe(201);

    const claimed = await pipelineApi().post('/api/contacts/claims').set('Cookie', paulo.cookie).send({ cpf: CPF });
    expect(claimed.status).toBe(201);
    expect(claimed.body.message).toContain('Pedido enviado');
    const ownersTasks = (await pipelineApi().get('/api/tasks').set('Cookie', owner.cookie)).body.tasks as { title: string }[];
    expect(ownersTasks.map((task) => task.title)).toContainEqual(expect.stringContaining('pede o cliente Marta Lima (CPF 529.982.247-25)'));
    expect(JSON.stringify((await pipelineApi().get('/api/tasks').set('Cookie', paulo.cookie)).body)).not.toContain('Marta');
    // Nothing to ask for: a 404; a malformed document: a 400.
    expect((await pipelineApi().post('/api/contacts/claims').set('Cookie', paulo.cookie).send({ cpf: '111.444.777-35' })).status).toBe(404);
    expect((await pipelineApi().post('/api/contacts/claims').set('Cookie', paulo.cookie).send({ cpf: '123' })).status).toBe(400);
    expect((await pipelineApi().post('/api/contacts/claims').set('Cookie', paulo.cookie).send({})).status).toBe(400);
    // The owner asks for nothing: she sees every client.
    expect((await pipelineApi().post('/api/contacts/claims').set('Cookie', owner.cookie).send({ cpf: CPF })).status).toBe(404);
  });

  test('the Apólices CSV says whose each policy is', async () => {
    const owner = await brokerWithRefs();
    const paulo = await member(owner, 'producer');
    const card = await finalizedCard(paulo);
    expect((await issue(paulo, card.id)).status).toBe(200);
    const csv = await api().get('/api/policies.csv').set('Cookie', owner.cookie);
    expect(csv.status).toBe(200);
    const [header, row] = csv.text.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header!.split(';').at(-1)).toBe('Responsável');
    expect(row!.split(';').at(-1)).toBe(paulo.user.name);
  });

  test('clients chosen in Contatos change hands at once, each whole; all or none; managers only (#58 item 3)', async () => {
    const owner = await brokerWithRefs();
    const paulo = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    const sold = await finalizedCard(paulo);
    expect((await issue(paulo, sold.id)).status).toBe(200);
    const other = await pipelineApi()
      .post('/api/contacts')
      .set('Cookie', paulo.cookie)
      .send({ name: 'Outro do Paulo', phone: '(11) 3222-4455' });
    const ids = [sold.contactId, other.body.id as number];
    const move = (who: typeof owner, body: Record<string, unknown>) =>
      pipelineApi().post('/api/contacts/reassign').set('Cookie', who.cookie).send(body);

    expect((await move(paulo, { ids, responsibleId: bruno.user.memberId })).status).toBe(403);
    // Another brokerage's client among them: a 404 and nothing moves.
    const stranger = await brokerWithRefs();
    const theirs = await pipelineApi()
      .post('/api/contacts')
      .set('Cookie', stranger.cookie)
      .send({ name: 'Alheio', phone: '(11) 3222-4456' });
    expect((await move(owner, { ids: [...ids, theirs.body.id], responsibleId: bruno.user.memberId })).status).toBe(404);
    expect((await pipelineApi().get(`/api/contacts/${ids[0]}`).set('Cookie', paulo.cookie)).status).toBe(200);
    expect((await move(owner, { ids: [], responsibleId: bruno.user.memberId })).status).toBe(400);
    expect((await move(owner, { ids, responsibleId: stranger.user.memberId })).status).toBe(400);

    const moved = await move(owner, { ids, responsibleId: bruno.user.memberId });
    expect([moved.status, moved.body]).toEqual([200, { moved: 2 }]);
    for (const id of ids) {
      expect((await pipelineApi().get(`/api/contacts/${id}`).set('Cookie', bruno.cookie)).status).toBe(200);
      expect((await pipelineApi().get(`/api/contacts/${id}`).set('Cookie', paulo.cookie)).status).toBe(404);
    }
    // The client's policy went along.
    const brunos = (await api().get('/api/policies').set('Cookie', bruno.cookie)).body as { contactId: number }[];
    expect(brunos.map((policy) => policy.contactId)).toContain(sold.contactId);
    expect((await api().get('/api/policies').set('Cookie', paulo.cookie)).body).toEqual([]);
  });
});
