import { randomUUID } from 'node:crypto';
import { TEST_INTERNAL_TOKEN } from '@corretora/service-kit/testing';
import request from 'supertest';
import { financeStack, type Who } from './stack';

const stack = financeStack();
const {
  api,
  internal,
  pipelineApi,
  importsApi,
  cataloguesApi,
  brokerApi,
  brokerWithRefs,
  member,
  finalizedCard,
  issue,
  upload,
  finance,
  services,
} = stack;

/** A producer's book: a client with a card issued as a policy, a claim on it, a document and a task. */
async function book(who: Who) {
  const card = await finalizedCard(who);
  expect((await issue(who, card.id)).status).toBe(200);
  const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number; contactId: number }[];
  const claim = await api()
    .post('/api/claims')
    .set('Cookie', who.cookie)
    .send({ contactId: card.contactId, policyId: policy!.id, type: 'colisao', amount: '900.00' });
  expect(claim.status).toBe(201);
  const document = await upload(who, Buffer.from('%PDF-1.4 proposta'), 'proposta.pdf', {
    category: 'contracts',
    contactId: String(card.contactId),
  });
  expect(document.status).toBe(201);
  const task = await pipelineApi()
    .post('/api/tasks')
    .set('Cookie', who.cookie)
    .send({ title: 'Ligar para o cliente', dueAt: '2027-01-10T12:00:00Z', contactId: card.contactId });
  expect(task.status).toBe(201);
  return {
    card,
    policy: policy!,
    claim: claim.body as { id: number },
    document: document.body as { id: number },
    task: task.body as { id: string },
  };
}

describe('the brokerage as a team (#38): what each role sees and may do', () => {
  test('a producer sees only what they are responsible for: another producer’s contact, card, policy, claim, document and task are 404 on every verb and absent from lists, search and exports', async () => {
    const owner = await brokerWithRefs();
    const ana = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    const mine = await book(ana);
    // A policy of Ana's renewing in three weeks: a renewal item of hers.
    const soon = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    const renewing = await finalizedCard(ana, 'Seguro Auto', { startDate: '2026-01-10', endDate: soon });
    expect((await issue(ana, renewing.id)).status).toBe(200);
    const [renewal] = ((await api().get('/api/renewals').set('Cookie', ana.cookie)).body as { items: { id: number }[] }).items;
    expect(renewal).toBeDefined();

    // Ana sees her own, in the lists the other producer's are missing from.
    expect((await pipelineApi().get(`/api/contacts/${mine.card.contactId}`).set('Cookie', ana.cookie)).status).toBe(200);
    expect(JSON.stringify((await pipelineApi().get('/api/contacts').set('Cookie', ana.cookie)).body)).toContain('Maria Souza');
    expect(JSON.stringify((await api().get('/api/claims').set('Cookie', ana.cookie)).body)).toContain('Maria Souza');
    expect((await api().get(`/api/policies/${mine.policy.id}`).set('Cookie', ana.cookie)).status).toBe(200);

    // Bruno: 404 on every verb, as if they did not exist.
    const asBruno = (call: { set(name: string, value: string): PromiseLike<{ status: number }> }) => call.set('Cookie', bruno.cookie);
    const statuses = await Promise.all([
      asBruno(pipelineApi().get(`/api/contacts/${mine.card.contactId}`)),
      asBruno(pipelineApi().patch(`/api/contacts/${mine.card.contactId}`).send({ name: 'Outro nome', phone: '(11) 98765-4321' })),
      asBruno(pipelineApi().get(`/api/contacts/${mine.card.contactId}/overview`)),
      asBruno(pipelineApi().patch(`/api/pipeline/${mine.card.id}`).send({ stageId: owner.refs.pipelineStages[0]!.id })),
      asBruno(pipelineApi().post(`/api/pipeline-cards/${mine.card.id}/archive`).send({ reason: 'Sem interesse' })),
      asBruno(pipelineApi().delete(`/api/pipeline/${mine.card.id}`)),
      asBruno(api().get(`/api/policies/${mine.policy.id}`)),
      asBruno(api().patch(`/api/policies/${mine.policy.id}`).send({ policyNumber: 'X-1' })),
      asBruno(api().get(`/api/policies/${mine.policy.id}/instalments`)),
      asBruno(api().get(`/api/claims/${mine.claim.id}`)),
      asBruno(api().post(`/api/claims/${mine.claim.id}/status`).send({ status: 'approved' })),
      asBruno(api().get(`/api/documents/${mine.document.id}/download`)),
      asBruno(api().delete(`/api/documents/${mine.document.id}`)),
      asBruno(pipelineApi().post(`/api/tasks/${mine.task.id}/done`)),
      asBruno(api().put(`/api/renewals/${renewal!.id}/next-action`).send({ dueAt: '2027-01-05T12:00:00Z', type: 'ligar' })),
      asBruno(api().post(`/api/renewals/${renewal!.id}/quotes`).send({ insurerId: owner.refs.insurers[0]!.id, premium: '900.00' })),
      asBruno(api().post(`/api/renewals/${renewal!.id}/outcome`).send({ outcome: 'lost', reason: 'preco' })),
      asBruno(pipelineApi().post(`/api/tasks/renewal-${renewal!.id}/done`)),
    ]);
    expect(statuses.map((answer) => answer.status)).toEqual(statuses.map(() => 404));

    const lists = {
      contacts: (await pipelineApi().get('/api/contacts').set('Cookie', bruno.cookie)).body,
      board: (await pipelineApi().get('/api/pipeline-cards').set('Cookie', bruno.cookie)).body,
      policies: (await api().get('/api/policies').set('Cookie', bruno.cookie)).body,
      claims: (await api().get('/api/claims').set('Cookie', bruno.cookie)).body,
      documents: (await api().get('/api/documents').set('Cookie', bruno.cookie)).body,
      tasks: (await pipelineApi().get('/api/tasks').set('Cookie', bruno.cookie)).body,
      renewals: (await api().get('/api/renewals').set('Cookie', bruno.cookie)).body,
      search: (await pipelineApi().get('/api/search').query({ q: 'Maria' }).set('Cookie', bruno.cookie)).body,
    };
    expect(JSON.stringify(lists)).not.toContain('Maria Souza');
    const exported = await pipelineApi().get('/api/contacts/export').set('Cookie', bruno.cookie);
    expect(exported.status).toBe(200);
    expect(exported.text).not.toContain('Maria Souza');
    const policiesCsv = await api().get('/api/policies.csv').set('Cookie', bruno.cookie);
    expect(policiesCsv.text).not.toContain('Maria Souza');

    // The owner sees the whole brokerage; Ana's records name her.
    const all = (await api().get('/api/policies').set('Cookie', owner.cookie)).body as { id: number }[];
    expect(all.map((policy) => policy.id)).toContain(mine.policy.id);
    const board = (await pipelineApi().get('/api/pipeline-cards').set('Cookie', owner.cookie)).body as {
      id: number;
      responsibleId: string;
    }[];
    expect(board.find((card) => card.id === mine.card.id)?.responsibleId).toBe(ana.user.memberId);
  });

  test('an assistant sees every operational record but no money beyond a premium: commissions, receivables, statements and chargeback rules are 403', async () => {
    const owner = await brokerWithRefs();
    const producer = await member(owner, 'producer');
    const assistant = await member(owner, 'assistant');
    const theirs = await book(producer);
    expect((await pipelineApi().get(`/api/contacts/${theirs.card.contactId}`).set('Cookie', assistant.cookie)).status).toBe(200);
    expect((await api().get(`/api/policies/${theirs.policy.id}`).set('Cookie', assistant.cookie)).status).toBe(200);
    expect((await api().get(`/api/claims/${theirs.claim.id}`).set('Cookie', assistant.cookie)).status).toBe(200);

    const insurer = owner.refs.insurers[0]!.id;
    const refused = await Promise.all([
      api().get('/api/commissions').set('Cookie', assistant.cookie),
      api().get('/api/commissions/summary').set('Cookie', assistant.cookie),
      api().get('/api/commissions/policies').set('Cookie', assistant.cookie),
      api().get('/api/commissions.csv').set('Cookie', assistant.cookie),
      api().get('/api/receivables').set('Cookie', assistant.cookie),
      api().get('/api/receivables.csv').set('Cookie', assistant.cookie),
      api().get('/api/receivables/summary').set('Cookie', assistant.cookie),
      api().get('/api/receivables/instalments?insurerId=none').set('Cookie', assistant.cookie),
      api().get('/api/statements').set('Cookie', assistant.cookie),
      api().put('/api/statement-lines/1/match').set('Cookie', assistant.cookie).send({ instalmentId: 1 }),
      cataloguesApi().get(`/api/insurers/${insurer}/chargeback-rule`).set('Cookie', assistant.cookie),
      cataloguesApi().put(`/api/insurers/${insurer}/chargeback-rule`).set('Cookie', assistant.cookie).send({ steps: [] }),
    ]);
    expect(refused.map((answer) => [answer.status, answer.body.message])).toEqual(
      refused.map(() => [403, 'Seu papel na corretora não permite esta ação.']),
    );
    // The owner still reaches all of it.
    expect((await api().get('/api/commissions').set('Cookie', owner.cookie)).status).toBe(200);
  });

  test('the Painel: a producer’s figures and Atividade Recente are their own; an assistant’s have no money', async () => {
    const owner = await brokerWithRefs();
    const ana = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    const assistant = await member(owner, 'assistant');
    await book(ana);
    const panel = async (who: Who) => {
      const answer = await brokerApi().get('/api/dashboard/stats').set('Cookie', who.cookie);
      expect(answer.status).toBe(200);
      return answer.body as {
        activePolicies: number;
        monthlyRevenue: number | null;
        receivableThisMonth: number | null;
        openDifferences: unknown;
        recentActivity: { subject: string }[];
      };
    };
    const anas = await panel(ana);
    expect(anas.activePolicies).toBe(1);
    expect(anas.recentActivity.map((event) => event.subject)).toContain('Maria Souza');
    const brunos = await panel(bruno);
    expect(brunos.activePolicies).toBe(0);
    expect(brunos.monthlyRevenue).toBe(0);
    expect(JSON.stringify(brunos.recentActivity)).not.toContain('Maria Souza');
    const assistants = await panel(assistant);
    expect(assistants.activePolicies).toBe(1);
    expect([assistants.monthlyRevenue, assistants.receivableThisMonth, assistants.openDifferences]).toEqual([null, null, null]);
    expect(assistants.recentActivity.map((event) => event.subject)).toContain('Maria Souza');
    expect((await panel(owner)).monthlyRevenue).toBeGreaterThan(0);
  });

  test('a producer cannot Limpar Dados, change the brokerage’s profile or its catalogues, nor touch statements; their commissions are their own', async () => {
    const owner = await brokerWithRefs();
    const producer = await member(owner, 'producer');
    const other = await member(owner, 'producer');
    await book(other);
    const refused = await Promise.all([
      brokerApi().delete('/api/clear-data').set('Cookie', producer.cookie),
      brokerApi().put('/api/broker-profile').set('Cookie', producer.cookie).send({ name: 'Outro' }),
      cataloguesApi().post('/api/products').set('Cookie', producer.cookie).send({ name: 'Seguro Pet', line: 'auto' }),
      cataloguesApi().delete(`/api/insurers/${owner.refs.insurers[0]!.id}`).set('Cookie', producer.cookie),
      api().get('/api/statements').set('Cookie', producer.cookie),
    ]);
    expect(refused.map((answer) => answer.status)).toEqual(refused.map(() => 403));
    // Catalogues read-only: the lists still answer.
    expect((await cataloguesApi().get('/api/products').set('Cookie', producer.cookie)).status).toBe(200);
    const commissions = await api().get('/api/commissions').set('Cookie', producer.cookie);
    expect(commissions.status).toBe(200);
    expect(JSON.stringify(commissions.body)).not.toContain('Maria Souza');
    // The screen's summary and pages hold their own too; the owner's hold the colleague's.
    const pages = async (who: Who) =>
      Promise.all(
        ['/api/commissions/summary', '/api/commissions/policies', '/api/policies/page'].map(
          async (path) => (await api().get(path).set('Cookie', who.cookie)).body,
        ),
      );
    const [summary, rows, policies] = await pages(producer);
    expect([summary.activePolicies, rows.total, policies.total]).toEqual([0, 0, 0]);
    expect(JSON.stringify([rows, policies])).not.toContain('Maria Souza');
    const [ownersSummary, ownersRows, ownersPolicies] = await pages(owner);
    expect([ownersSummary.activePolicies, ownersRows.total, ownersPolicies.total]).toEqual([1, 1, 1]);
    expect(ownersRows.items[0].contactName).toBe('Maria Souza');
    // Recebíveis' figures and pages of the month the colleague's policy falls due in: none of it the producer's.
    const [policy] = (await api().get('/api/policies').set('Cookie', owner.cookie)).body as { id: number; insurerId: number | null }[];
    const [first] = (await api().get(`/api/policies/${policy!.id}/instalments`).set('Cookie', owner.cookie)).body as { dueDate: string }[];
    const receivables = async (who: Who) =>
      Promise.all(
        [
          `/api/receivables/summary?month=${first!.dueDate.slice(0, 7)}`,
          `/api/receivables/instalments?month=${first!.dueDate.slice(0, 7)}&insurerId=${policy!.insurerId ?? 'none'}`,
        ].map(async (path) => (await api().get(path).set('Cookie', who.cookie)).body),
      );
    const [producersMonth, producersPage] = await receivables(producer);
    expect([producersMonth.rows, producersPage.total, producersPage.items]).toEqual([[], 0, []]);
    const [ownersMonth, ownersPage] = await receivables(owner);
    expect([ownersMonth.rows.map((row: { instalmentCount: number }) => row.instalmentCount), ownersPage.total]).toEqual([[1], 1]);
    expect(ownersPage.items[0].contactName).toBe('Maria Souza');
  });

  test('a producer’s receivables hold their own lines only: a line the insurer paid to nobody identified, in the owner’s statement, is the managers’', async () => {
    const owner = await brokerWithRefs();
    const producer = await member(owner, 'producer');
    await stack.reconcile(owner, [['NINGUEM-1', '77,00', 'Comissão']]);
    const unidentified = async (who: Who) =>
      ((await api().get('/api/receivables').set('Cookie', who.cookie)).body.unidentified as { policyNumber: string }[]).map(
        (line) => line.policyNumber,
      );
    expect(await unidentified(owner)).toEqual(['NINGUEM-1']);
    expect(await unidentified(producer)).toEqual([]);
    const csv = await api().get('/api/receivables.csv').set('Cookie', producer.cookie);
    expect([csv.status, csv.text.includes('NINGUEM-1')]).toEqual([200, false]);
  });

  test('a carteira moves from one member to another in both services (what disabling a member asks), and only within the brokerage', async () => {
    const owner = await brokerWithRefs();
    const leaving = await member(owner, 'producer');
    const staying = await member(owner, 'producer');
    const theirs = await book(leaving);
    const body = { from: leaving.user.memberId, to: staying.user.memberId };
    const pipelineMoved = await fetch(`${stack.urls.pipeline}/internal/pipeline/${owner.user.id}/responsible/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': TEST_INTERNAL_TOKEN },
      body: JSON.stringify(body),
    });
    expect(pipelineMoved.status).toBe(200);
    expect(((await pipelineMoved.json()) as { moved: number }).moved).toBe(3);
    const financeMoved = await internal().post(`/internal/finance/${owner.user.id}/responsible/transfer`).send(body);
    expect(financeMoved.status).toBe(200);
    // The policy, its renewal (if open), the claim and the document.
    expect(financeMoved.body.moved).toBeGreaterThanOrEqual(3);
    expect((await api().get(`/api/policies/${theirs.policy.id}`).set('Cookie', staying.cookie)).status).toBe(200);
    expect((await api().get(`/api/claims/${theirs.claim.id}`).set('Cookie', staying.cookie)).status).toBe(200);
    expect((await pipelineApi().get(`/api/contacts/${theirs.card.contactId}`).set('Cookie', staying.cookie)).status).toBe(200);
    expect((await api().get(`/api/policies/${theirs.policy.id}`).set('Cookie', leaving.cookie)).status).toBe(404);

    // Another brokerage's transfer moves nothing of this one.
    const stranger = await brokerWithRefs();
    const foreign = await internal()
      .post(`/internal/finance/${stranger.user.id}/responsible/transfer`)
      .send({ from: staying.user.memberId, to: leaving.user.memberId });
    expect(foreign.body.moved).toBe(0);
  });

  test('a producer’s import cannot change another member’s policy: refused in the preview, and left as it is when it was numbered after the preview', async () => {
    const owner = await brokerWithRefs();
    const ana = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    await stack.importPolicies(ana, [['ANA-1', 'Automóvel', '2027-06-30']]);
    const header = 'Apólice;Seguradora;Segurado;Ramo;Início;Fim;Prêmio Líquido;Prêmio Total;% Comissão';
    const row = (number: string) => `${number};Porto Seguro;Cliente de Bruno;Automóvel;30/06/2026;30/06/2027;5.000,00;5.500,00;10`;
    const refused = await stack.importPolicySheet(bruno, [header, row('ANA-1')]);
    expect(refused.preview.counts).toMatchObject({ create: 0, update: 0, error: 1 });
    expect(refused.preview.rows).toEqual([
      expect.objectContaining({
        line: 2,
        outcome: 'error',
        errors: [
          expect.objectContaining({
            field: 'policyNumber',
            message: 'A apólice ANA-1 é de outro membro da equipe: só quem a atende, ou um administrador, pode atualizá-la',
          }),
        ],
      }),
    ]);
    // Previewed while free, numbered by Ana before Bruno confirms: his row is left out, and says why.
    const file = Buffer.from([header, row('ANA-2')].join('\r\n'), 'latin1');
    const created = await importsApi()
      .post('/api/imports')
      .set('Cookie', bruno.cookie)
      .field('kind', 'policies')
      .attach('file', file, 'b.csv');
    const preview = await importsApi()
      .put(`/api/imports/${created.body.id as number}/mapping`)
      .set('Cookie', bruno.cookie)
      .send({ mapping: created.body.mapping });
    expect(preview.body.counts).toMatchObject({ create: 1 });
    await stack.importPolicies(ana, [['ANA-2', 'Automóvel', '2027-06-30']]);
    expect(
      (
        await importsApi()
          .post(`/api/imports/${created.body.id as number}/commit`)
          .set('Cookie', bruno.cookie)
      ).status,
    ).toBe(202);
    let done: { status: string; applied: { create: number; skip: number } } | undefined;
    for (let attempt = 0; attempt < 200 && done?.status !== 'done'; attempt += 1) {
      done = (
        await importsApi()
          .get(`/api/imports/${created.body.id as number}`)
          .set('Cookie', bruno.cookie)
      ).body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(done).toMatchObject({ status: 'done', applied: { create: 0, skip: 1 } });
    const anas = (await api().get('/api/policies').set('Cookie', ana.cookie)).body as {
      policyNumber: string;
      premium: string;
      responsibleId: string;
    }[];
    expect(anas.map((policy) => [policy.policyNumber, policy.premium, policy.responsibleId]).sort()).toEqual([
      ['ANA-1', '1073.80', ana.user.memberId],
      ['ANA-2', '1073.80', ana.user.memberId],
    ]);
    expect((await api().get('/api/policies').set('Cookie', bruno.cookie)).body).toEqual([]);
  });

  test('a producer’s imports are theirs: another producer neither lists, reads nor undoes them; the policies and clients they brought are the importer’s', async () => {
    const owner = await brokerWithRefs();
    const ana = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    await stack.importPolicies(ana, [['IMP-001', 'Automóvel', '2027-06-30']]);
    const [imported] = (await importsApi().get('/api/imports').set('Cookie', ana.cookie)).body as { id: number }[];
    expect(imported).toBeDefined();
    expect((await importsApi().get('/api/imports').set('Cookie', bruno.cookie)).body).toEqual([]);
    expect((await importsApi().get(`/api/imports/${imported!.id}`).set('Cookie', bruno.cookie)).status).toBe(404);
    expect((await importsApi().delete(`/api/imports/${imported!.id}`).set('Cookie', bruno.cookie)).status).toBe(404);
    const anas = (await api().get('/api/policies').set('Cookie', ana.cookie)).body as { policyNumber: string; responsibleId: string }[];
    expect(anas.map((policy) => [policy.policyNumber, policy.responsibleId])).toEqual([['IMP-001', ana.user.memberId]]);
    expect((await api().get('/api/policies').set('Cookie', bruno.cookie)).body).toEqual([]);
    expect((await pipelineApi().get('/api/contacts').set('Cookie', ana.cookie)).body.items.map((c: { name: string }) => c.name)).toEqual([
      'Cliente IMP-001',
    ]);
    expect((await importsApi().get('/api/imports').set('Cookie', owner.cookie)).body).toHaveLength(1);
  });

  test('an owner or admin gives an import’s clients and policies to a member when committing; a producer may not, nor to a stranger', async () => {
    const owner = await brokerWithRefs();
    const ana = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    const stranger = await member(await brokerWithRefs(), 'producer');

    // A producer cannot give an import away; nobody can give it to a non-member (the import waits in preview).
    const byProducer = await stack.importPolicies(ana, [['ANA-1', 'Automóvel', '2027-06-30']], { responsibleId: bruno.user.memberId });
    expect([byProducer.status, byProducer.body.message]).toEqual([403, 'Seu papel na corretora não permite esta ação.']);
    for (const responsibleId of [randomUUID(), stranger.user.memberId]) {
      const refused = await stack.importPolicies(owner, [['X-1', 'Automóvel', '2027-06-30']], { responsibleId });
      expect([refused.status, refused.body.issues]).toEqual([
        400,
        [{ path: 'responsibleId', message: 'Escolha um membro ativo da corretora.' }],
      ]);
      expect((await importsApi().get(`/api/imports/${refused.id}`).set('Cookie', owner.cookie)).body.status).toBe('preview');
    }
    expect((await stack.importPolicies(owner, [['X-2', 'Automóvel', '2027-06-30']], { responsibleId: 'x' })).status).toBe(400);

    // The owner imports Bruno's book: its clients and policies are his, the import the owner's.
    expect((await stack.importPolicies(owner, [['BRU-1', 'Automóvel', '2027-06-30']], { responsibleId: bruno.user.memberId })).status).toBe(
      202,
    );
    const brunos = (await api().get('/api/policies').set('Cookie', bruno.cookie)).body as { policyNumber: string; responsibleId: string }[];
    expect(brunos.map((policy) => [policy.policyNumber, policy.responsibleId])).toEqual([['BRU-1', bruno.user.memberId]]);
    expect((await pipelineApi().get('/api/contacts').set('Cookie', bruno.cookie)).body.items.map((c: { name: string }) => c.name)).toEqual([
      'Cliente BRU-1',
    ]);
    expect((await api().get('/api/policies').set('Cookie', ana.cookie)).body).toEqual([]);
    expect((await importsApi().get('/api/imports').set('Cookie', bruno.cookie)).body).toEqual([]);
  });

  test('a sheet’s Responsável column gives each new policy, client and contact to the member it names (name or e-mail); a producer names only themselves; a stranger, a disabled or an ambiguous member is an error row', async () => {
    const owner = await brokerWithRefs();
    const ana = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    const gone = await member(owner, 'producer');
    await services.identity!.knex('users').where({ id: gone.user.memberId }).update({ disabledAt: new Date() });
    const stranger = await member(await brokerWithRefs(), 'producer');
    const header = 'Apólice;Seguradora;Segurado;Ramo;Início;Fim;Prêmio Total;Responsável';
    const row = (number: string, who: string) => `${number};Porto Seguro;Cliente ${number};Automóvel;30/06/2026;30/06/2027;1.073,80;${who}`;
    const shouted = ana.user.name!.toUpperCase().replace('MEMBRO', 'MÊMBRO');
    const imported = await stack.importPolicySheet(owner, [
      header,
      row('RESP-1', shouted),
      row('RESP-2', bruno.user.email.toUpperCase()),
      row('RESP-3', ''),
      row('RESP-4', 'Fulano de Tal'),
      row('RESP-5', gone.user.email),
      row('RESP-6', stranger.user.email),
    ]);
    expect(imported.status).toBe(202);
    expect(imported.preview.counts).toMatchObject({ create: 3, error: 3 });
    const unknown = (who: string) => `Responsável "${who}" não é membro ativo da equipe: use o nome ou o e-mail de um membro`;
    expect(imported.preview.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          line: 2,
          outcome: 'create',
          reason: `Cria a apólice RESP-1 de Cliente RESP-1 (contato novo), para ${ana.user.name}`,
        }),
        expect.objectContaining({ line: 5, errors: [expect.objectContaining({ message: unknown('Fulano de Tal') })] }),
        expect.objectContaining({ line: 6, errors: [expect.objectContaining({ message: unknown(gone.user.email) })] }),
        expect.objectContaining({ line: 7, errors: [expect.objectContaining({ message: unknown(stranger.user.email) })] }),
      ]),
    );
    const responsibleOf = async (who: Who) =>
      Object.fromEntries(
        ((await api().get('/api/policies').set('Cookie', who.cookie)).body as { policyNumber: string; responsibleId: string }[]).map(
          (policy) => [policy.policyNumber, policy.responsibleId],
        ),
      );
    expect(await responsibleOf(ana)).toEqual({ 'RESP-1': ana.user.memberId });
    expect(await responsibleOf(bruno)).toEqual({ 'RESP-2': bruno.user.memberId });
    expect(await responsibleOf(owner)).toMatchObject({ 'RESP-3': owner.user.memberId });
    // Each new client goes with its policy.
    const clientsOf = async (who: Who) =>
      ((await pipelineApi().get('/api/contacts').set('Cookie', who.cookie)).body.items as { name: string }[]).map((c) => c.name);
    expect(await clientsOf(ana)).toEqual(['Cliente RESP-1']);
    expect(await clientsOf(bruno)).toEqual(['Cliente RESP-2']);

    // A producer names only themselves (an owner or admin hands records out).
    const byAna = await stack.importPolicySheet(ana, [header, row('ANA-10', ana.user.email), row('ANA-11', bruno.user.name!)]);
    expect(byAna.preview.counts).toMatchObject({ create: 1, error: 1 });
    expect(JSON.stringify(byAna.preview.rows)).toContain('Só o proprietário ou um gestor dá clientes a outro membro');
    expect(await responsibleOf(ana)).toEqual({ 'RESP-1': ana.user.memberId, 'ANA-10': ana.user.memberId });

    // Two members of one name: the e-mail tells them apart.
    await services.identity!.knex('users').where({ id: gone.user.memberId }).update({ disabledAt: null, name: bruno.user.name });
    const twins = await stack.importPolicySheet(owner, [header, row('TWIN-1', bruno.user.name!), row('TWIN-2', gone.user.email)]);
    expect(twins.preview.counts).toMatchObject({ create: 1, error: 1 });
    expect(twins.preview.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          line: 2,
          errors: [expect.objectContaining({ message: `Há mais de um membro chamado "${bruno.user.name}" na equipe: use o e-mail` })],
        }),
      ]),
    );

    // Contacts (the pipeline's kind) read the same column.
    const contacts = Buffer.from(
      ['Nome;E-mail;Produtor', `Carla Contato;carla@cliente.test;${bruno.user.email}`, 'Davi Contato;davi@cliente.test;'].join('\r\n'),
      'latin1',
    );
    const created = await importsApi()
      .post('/api/imports')
      .set('Cookie', owner.cookie)
      .field('kind', 'contacts')
      .attach('file', contacts, 'c.csv');
    expect(created.body.mapping).toMatchObject({ responsible: 'Produtor' });
    const preview = await importsApi()
      .put(`/api/imports/${created.body.id as number}/mapping`)
      .set('Cookie', owner.cookie)
      .send({ mapping: created.body.mapping });
    expect(preview.body.rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ line: 2, reason: `Novo contato, de ${bruno.user.name}` })]),
    );
    expect(
      (
        await importsApi()
          .post(`/api/imports/${created.body.id as number}/commit`)
          .set('Cookie', owner.cookie)
          .send({})
      ).status,
    ).toBe(202);
    for (let attempt = 0; attempt < 200 && !(await clientsOf(bruno)).includes('Carla Contato'); attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await clientsOf(bruno)).toEqual(expect.arrayContaining(['Carla Contato']));
    expect(await clientsOf(bruno)).not.toContain('Davi Contato');
    expect(await clientsOf(owner)).toContain('Davi Contato');
  });

  test('a producer’s contacts import refuses a colleague’s client named by its CPF (no second record of the person); a manager’s updates it', async () => {
    const owner = await brokerWithRefs();
    const ana = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    const contactsSheet = async (who: Who, rows: readonly string[]) => {
      const file = Buffer.from(['Nome;CPF;E-mail', ...rows].join('\r\n'), 'latin1');
      const created = await importsApi()
        .post('/api/imports')
        .set('Cookie', who.cookie)
        .field('kind', 'contacts')
        .attach('file', file, 'c.csv');
      return (
        await importsApi()
          .put(`/api/imports/${created.body.id as number}/mapping`)
          .set('Cookie', who.cookie)
          .send({ mapping: created.body.mapping })
      ).body as { counts: Record<string, number>; rows: { line: number; outcome: string; errors: { message: string }[] }[] };
    };
    const made = await pipelineApi()
      .post('/api/contacts')
      .set('Cookie', bruno.cookie)
      .send({ name: 'Cliente do Bruno', cpf: '529.982.247-25', phone: '(11) 98765-4321', type: 'individual' });
    expect(made.status).toBe(201);
    const byAna = await contactsSheet(ana, [
      'Cliente do Bruno;529.982.247-25;bruno.cliente@exemplo.test',
      'Nova da Ana;;nova@exemplo.test',
    ]);
    expect(byAna.counts).toMatchObject({ create: 1, update: 0, error: 1 });
    expect(byAna.rows.find((row) => row.line === 2)).toMatchObject({
      outcome: 'error',
      errors: [
        expect.objectContaining({
          message: 'Este CPF/CNPJ é de um cliente de outro membro da equipe: peça a um gestor que o transfira para você',
        }),
      ],
    });
    const byOwner = await contactsSheet(owner, ['Cliente do Bruno;529.982.247-25;bruno.cliente@exemplo.test']);
    expect(byOwner.counts).toMatchObject({ update: 1, error: 0 });
  });

  test('Minhas tarefas is each member’s own work, an owner’s too (the ficha still shows every task of its client)', async () => {
    const owner = await brokerWithRefs();
    const ana = await member(owner, 'producer');
    const anas = await book(ana);
    const write = (who: Who, title: string, contactId?: number) =>
      pipelineApi().post('/api/tasks').set('Cookie', who.cookie).send({ title, dueAt: '2026-11-20', contactId });
    expect((await write(ana, 'Cobrar a vistoria da Maria', anas.card.contactId)).status).toBe(201);
    expect((await write(owner, 'Renovar o alvará da corretora')).status).toBe(201);
    const titles = async (who: Who) =>
      JSON.stringify((await pipelineApi().get('/api/tasks').query({ when: 'overdue' }).set('Cookie', who.cookie)).body);
    expect(await titles(ana)).toContain('Cobrar a vistoria da Maria');
    expect(await titles(ana)).not.toContain('Renovar o alvará');
    expect(await titles(owner)).toContain('Renovar o alvará');
    expect(await titles(owner)).not.toContain('Cobrar a vistoria da Maria');
    const ficha = await pipelineApi().get(`/api/contacts/${anas.card.contactId}/overview`).set('Cookie', owner.cookie);
    expect(JSON.stringify(ficha.body)).toContain('Cobrar a vistoria da Maria');
  });

  test('owners and admins reassign one client or policy (responsibleId), lists filter by it, and a producer may not reassign', async () => {
    const owner = await brokerWithRefs();
    const ana = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    const admin = await member(owner, 'admin');
    const anas = await book(ana);
    const contact = (await pipelineApi().get(`/api/contacts/${anas.card.contactId}`).set('Cookie', owner.cookie)).body;
    expect(contact.responsibleId).toBe(ana.user.memberId);
    const filtered = await pipelineApi().get('/api/contacts').query({ responsibleId: ana.user.memberId }).set('Cookie', owner.cookie);
    expect(filtered.body.items.map((item: { id: number }) => item.id)).toEqual([anas.card.contactId]);
    expect(
      (await pipelineApi().get('/api/contacts').query({ responsibleId: bruno.user.memberId }).set('Cookie', owner.cookie)).body.items,
    ).toEqual([]);
    expect((await pipelineApi().get('/api/contacts').query({ responsibleId: 'x' }).set('Cookie', owner.cookie)).status).toBe(400);

    const byProducer = await pipelineApi()
      .patch(`/api/contacts/${anas.card.contactId}`)
      .set('Cookie', ana.cookie)
      .send({ name: 'Maria Souza', phone: '(11) 98765-4321', responsibleId: bruno.user.memberId });
    expect([byProducer.status, byProducer.body.message]).toEqual([403, 'Seu papel na corretora não permite esta ação.']);
    const assistant = await member(owner, 'assistant');
    const byAssistant = await pipelineApi()
      .patch(`/api/contacts/${anas.card.contactId}`)
      .set('Cookie', assistant.cookie)
      .send({ name: 'Maria Souza', phone: '(11) 98765-4321', responsibleId: bruno.user.memberId });
    expect(byAssistant.status).toBe(403);
    const policyByProducer = await api()
      .patch(`/api/policies/${anas.policy.id}`)
      .set('Cookie', ana.cookie)
      .send({ responsibleId: bruno.user.memberId });
    expect(policyByProducer.status).toBe(403);

    // Only to an active member of the same brokerage: anyone else is a 400 on the field, nothing moves.
    const stranger = await member(await brokerWithRefs(), 'producer');
    for (const responsibleId of [randomUUID(), stranger.user.memberId]) {
      const refused = await pipelineApi()
        .patch(`/api/contacts/${anas.card.contactId}`)
        .set('Cookie', admin.cookie)
        .send({ name: 'Maria Souza', phone: '(11) 98765-4321', responsibleId });
      expect([refused.status, refused.body.issues]).toEqual([
        400,
        [{ path: 'responsibleId', message: 'Escolha um membro ativo da corretora.' }],
      ]);
      expect((await api().patch(`/api/policies/${anas.policy.id}`).set('Cookie', owner.cookie).send({ responsibleId })).status).toBe(400);
    }
    expect((await pipelineApi().get(`/api/contacts/${anas.card.contactId}`).set('Cookie', ana.cookie)).status).toBe(200);

    // The client goes whole: card, open task, policy, its claim and document follow.
    const moved = await pipelineApi()
      .patch(`/api/contacts/${anas.card.contactId}`)
      .set('Cookie', admin.cookie)
      .send({ name: 'Maria Souza', phone: '(11) 98765-4321', responsibleId: bruno.user.memberId });
    expect([moved.status, moved.body.responsibleId, moved.body.message]).toEqual([200, bruno.user.memberId, undefined]);
    const sees = async (who: Who) =>
      (
        await Promise.all([
          pipelineApi().get(`/api/contacts/${anas.card.contactId}`).set('Cookie', who.cookie),
          pipelineApi().get(`/api/contacts/${anas.card.contactId}/overview`).set('Cookie', who.cookie),
          api().get(`/api/policies/${anas.policy.id}`).set('Cookie', who.cookie),
          api().get(`/api/claims/${anas.claim.id}`).set('Cookie', who.cookie),
          api().get(`/api/documents/${anas.document.id}/download`).set('Cookie', who.cookie),
        ])
      ).map((answer) => answer.status);
    expect(await sees(bruno)).toEqual([200, 200, 200, 200, 200]);
    expect(await sees(ana)).toEqual([404, 404, 404, 404, 404]);
    const board = (await pipelineApi().get('/api/pipeline-cards').set('Cookie', bruno.cookie)).body as { id: number }[];
    expect(board.map((card) => card.id)).toContain(anas.card.id);
    // The open task (due in weeks: not yet in Minhas tarefas) is Bruno's now.
    expect(
      await services
        .pipeline!.knex('tasks')
        .where({ id: Number(anas.task.id.replace('task-', '')) })
        .first('responsibleId'),
    ).toEqual({
      responsibleId: bruno.user.memberId,
    });

    // One policy alone goes back to Ana, with its claim and document.
    const policy = await api()
      .patch(`/api/policies/${anas.policy.id}`)
      .set('Cookie', owner.cookie)
      .send({ responsibleId: ana.user.memberId });
    expect([policy.status, policy.body.responsibleId]).toEqual([200, ana.user.memberId]);
    expect((await api().get(`/api/policies/${anas.policy.id}`).set('Cookie', ana.cookie)).status).toBe(200);
    expect((await api().get(`/api/claims/${anas.claim.id}`).set('Cookie', ana.cookie)).status).toBe(200);
    expect((await api().get(`/api/policies/${anas.policy.id}`).set('Cookie', bruno.cookie)).status).toBe(404);

    // The board, Apólices and Renovações filter by it (?responsibleId=), a malformed one a pt-BR 400.
    const client = (path: string) => (path.startsWith('/api/pipeline') ? pipelineApi() : api());
    const ids = async (path: string, responsibleId: string) =>
      ((await client(path).get(path).query({ responsibleId }).set('Cookie', owner.cookie)).body as { id: number }[]).map((row) => row.id);
    expect(await ids('/api/pipeline-cards', bruno.user.memberId)).toEqual([anas.card.id]);
    expect(await ids('/api/pipeline-cards', ana.user.memberId)).toEqual([]);
    expect(await ids('/api/policies', ana.user.memberId)).toEqual([anas.policy.id]);
    expect(await ids('/api/policies', bruno.user.memberId)).toEqual([]);
    // A policy of Bruno's renewing in three weeks: his in Renovações, not Ana's.
    const soon = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    const renewing = await finalizedCard(bruno, 'Seguro Auto', { startDate: '2026-01-10', endDate: soon });
    expect((await issue(bruno, renewing.id)).status).toBe(200);
    const renewals = async (responsibleId: string) =>
      (await api().get('/api/renewals').query({ responsibleId }).set('Cookie', owner.cookie)).body as {
        items: { contactId: number; responsibleId: string }[];
        total: number;
      };
    expect((await renewals(bruno.user.memberId)).items.map((item) => [item.contactId, item.responsibleId])).toEqual([
      [renewing.contactId, bruno.user.memberId],
    ]);
    expect(await renewals(ana.user.memberId)).toMatchObject({ items: [], total: 0 });
    for (const path of ['/api/pipeline-cards', '/api/policies', '/api/renewals'])
      expect((await client(path).get(path).query({ responsibleId: 'x' }).set('Cookie', owner.cookie)).status).toBe(400);
  });

  test('who did what: changing a contact’s e-mail writes an audit entry with before and after, the member and the address; the database refuses to change or delete the log', async () => {
    const owner = await brokerWithRefs();
    const ana = await member(owner, 'producer');
    const mine = await book(ana);
    const changed = await pipelineApi()
      .patch(`/api/contacts/${mine.card.contactId}`)
      .set('Cookie', ana.cookie)
      .set('X-Forwarded-For', '203.0.113.7')
      .send({ name: 'Maria Souza', phone: '(11) 98765-4321', email: 'maria.nova@exemplo.com.br' });
    expect(changed.status).toBe(200);
    const identityApi = () => request(stack.services.identity!.app.callback());
    const log = await identityApi()
      .get('/api/audit')
      .query({ entity: 'contact', entityId: String(mine.card.contactId) })
      .set('Cookie', owner.cookie);
    expect(log.status).toBe(200);
    const update = (
      log.body.entries as {
        action: string;
        changes: Record<string, { before: unknown; after: unknown }>;
        actor: { id: string } | null;
        ip: string | null;
      }[]
    ).find((entry) => entry.action === 'update' && entry.changes?.email);
    expect(update?.changes.email).toEqual({ before: null, after: 'maria.nova@exemplo.com.br' });
    expect(update?.actor?.id).toBe(ana.user.memberId);
    expect(update?.ip).toBe('203.0.113.7');
    // The insert that created the client is there too, by the same member; its fields named as the API names them.
    const insert = (log.body.entries as { action: string; changes: Record<string, unknown> }[]).find((entry) => entry.action === 'insert');
    expect(Object.keys(insert!.changes)).toEqual(expect.arrayContaining(['responsibleId', 'legalName', 'phoneE164']));
    expect(Object.keys(insert!.changes).filter((field) => field.includes('_'))).toEqual([]);

    const csv = await identityApi().get('/api/audit.csv').query({ entity: 'contact' }).set('Cookie', owner.cookie);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('maria.nova@exemplo.com.br');
    // Only owners and admins read it; another brokerage sees none of it.
    expect((await identityApi().get('/api/audit').set('Cookie', ana.cookie)).status).toBe(403);
    const stranger = await brokerWithRefs();
    const theirs = await identityApi()
      .get('/api/audit')
      .query({ entity: 'contact', entityId: String(mine.card.contactId) })
      .set('Cookie', stranger.cookie);
    expect(theirs.body.entries).toEqual([]);

    const knex = finance().knex;
    await expect(knex.raw('update public.audit_log set action = ? where user_id = ?', ['insert', owner.user.id])).rejects.toThrow(
      /não pode ser alterado/,
    );
    await expect(knex.raw('delete from public.audit_log where user_id = ?', [owner.user.id])).rejects.toThrow(/não pode ser alterado/);
    await expect(knex.raw('truncate public.audit_log')).rejects.toThrow(/não pode ser alterado/);
    // Limpar Dados empties the records, not the log.
    expect((await brokerApi().delete('/api/clear-data').set('Cookie', owner.cookie)).status).toBe(204);
    const after = await identityApi().get('/api/audit').set('Cookie', owner.cookie);
    const actions = (after.body.entries as { action: string }[]).map((entry) => entry.action);
    expect(actions[0]).toBe('clear_data');
    expect(actions).toContain('update');
  });

  test('the member said by a calling service is read only behind the internal token, and a malformed one is a 400, never a wider scope', async () => {
    const owner = await brokerWithRefs();
    // On the public listener the header means nothing: the session decides.
    const producer = await member(owner, 'producer');
    const spoofed = await api().get('/api/commissions').set('Cookie', producer.cookie).set('x-corretora-member', `${owner.user.id} owner`);
    expect(spoofed.status).toBe(200);
    const stats = await api().get('/api/statements').set('Cookie', producer.cookie).set('x-corretora-member', `${owner.user.id} owner`);
    expect(stats.status).toBe(403);
    const malformed = await internal()
      .get(`/internal/finance/${owner.user.id}/policy-book`)
      .set('x-corretora-member', 'not-a-member admin');
    expect(malformed.status).toBe(400);
  });
});
