import type { ActivityEvent } from '@corretora/contracts';
import { TEST_INTERNAL_TOKEN, testConfig } from '@corretora/service-kit/testing';
import request from 'supertest';
import { createBrokerService } from '../../broker/src/app';
import { EXAMPLE_BROKERAGE } from '@corretora/contracts/examples';
import { FILE_SAMPLES as SAMPLES } from '@corretora/service-kit/file-samples';
import { lockTotals } from '../src/modules/totals/month-totals';
import { financeStack, type Who } from './stack';

/** 'Atividade Recente' and 'Limpar Dados': what ties the services together, on the real stack. */
const stack = financeStack();
const { api, internal, broker, store, urls, pipelineApi, cataloguesApi, brokerApi, brokerWithRefs, newLead, finalizedCard, issue, upload } =
  stack;

const dashboard = async (who: Who) => {
  const response = await brokerApi().get('/api/dashboard/stats').set('Cookie', who.cookie);
  expect(response.status).toBe(200);
  return response.body as {
    recentActivity: ActivityEvent[];
    totalLeads: number;
    activePolicies: number;
    openClaims: number;
    unavailable: string[];
  };
};
const sentence = (event: ActivityEvent) => [event.type, event.subject, event.detail].join(' | ');

/** A broker with something in every service: a lead, an issued policy, a claim, a document, a custom product. */
async function busyBroker() {
  const who = await brokerWithRefs();
  const card = await finalizedCard(who);
  expect((await issue(who, card.id)).status).toBe(200);
  const claim = await api()
    .post('/api/claims')
    .set('Cookie', who.cookie)
    .send({ contactId: card.contactId, type: 'colisao', amount: '2500.00', description: 'Batida leve' });
  expect(claim.status).toBe(201);
  expect((await upload(who, SAMPLES.pdf, 'contrato.pdf')).status).toBe(201);
  const product = await cataloguesApi()
    .post('/api/products')
    .set('Cookie', who.cookie)
    .send({ name: 'Seguro Pet', line: 'pet', isActive: true });
  expect(product.status).toBe(201);
  const stages = who.refs.pipelineStages.map((stage) => stage.id);
  return { who, card, claim: claim.body as { id: number; claimId: string }, stages };
}

describe('Atividade Recente', () => {
  test('a new account has none', async () => {
    expect((await dashboard(await brokerWithRefs())).recentActivity).toEqual([]);
  });

  test('the last ten events of every service, newest first, each exactly once; another broker sees none of them', async () => {
    const who = await brokerWithRefs();
    const productId = who.refs.products[0]!.id;
    const lead = await newLead(who, { name: 'João Lima', phone: '(11) 91234-5678', productId });
    expect(lead.status).toBe(201);
    const move = (stage: string) => pipelineApi().patch(`/api/pipeline/${lead.body.id}`).set('Cookie', who.cookie).send({ stage });
    expect((await move('qualified')).status).toBe(200);
    expect((await move('qualified')).status).toBe(200); // already there: no event
    expect(
      (await pipelineApi().post(`/api/pipeline-cards/${lead.body.id}/archive`).set('Cookie', who.cookie).send({ reason: 'Sem interesse' }))
        .status,
    ).toBe(200);
    expect((await pipelineApi().post(`/api/pipeline-cards/${lead.body.id}/unarchive`).set('Cookie', who.cookie).send({})).status).toBe(200);

    const card = await finalizedCard(who); // lead_created + stage_changed to Finalizado
    expect(
      (
        await pipelineApi().post(`/api/pipeline-cards/${card.id}/confirm-issuance`).set('Cookie', who.cookie).send({
          insurerId: who.refs.insurers[0]!.id,
          startDate: '2026-12-01',
          endDate: '2027-12-01',
          premioLiquido: '1000.00',
          iof: '73.80',
          totalPremium: '1073.80',
        })
      ).status,
    ).toBe(200); // saved again: no event
    const issued = await Promise.all([issue(who, card.id), issue(who, card.id)]);
    const policyNumber = (await api().get(`/api/policies/${issued[0].body.policyId}`).set('Cookie', who.cookie)).body
      .policyNumber as string;
    const claim = await api()
      .post('/api/claims')
      .set('Cookie', who.cookie)
      .send({ contactId: card.contactId, type: 'roubo_furto', amount: '100.00', description: 'x' });
    expect((await api().post(`/api/claims/${claim.body.id}/status`).set('Cookie', who.cookie).send({ status: 'in_review' })).status).toBe(
      200,
    );
    expect((await api().post(`/api/claims/${claim.body.id}/status`).set('Cookie', who.cookie).send({ status: 'open' })).status).toBe(409); // refused: no event
    expect((await upload(who, SAMPLES.docx, 'proposta.docx', { category: 'forms' })).status).toBe(201);
    expect((await upload(who, SAMPLES.png, 'foto.pdf', { category: 'forms' })).status).toBe(415); // refused: no event

    const { recentActivity } = await dashboard(who);
    expect(recentActivity.map(sentence)).toEqual([
      'document_uploaded | proposta.docx | forms',
      `claim_status_changed | ${claim.body.claimId} | in_review`,
      `policy_issued | ${policyNumber} | Maria Souza`,
      'stage_changed | Maria Souza | Finalizado',
      'lead_created | Maria Souza | Contato',
      'card_restored | João Lima | ',
      'card_archived | João Lima | Sem interesse',
      'stage_changed | João Lima | Negociação',
      'lead_created | João Lima | Contato',
    ]);
    expect(new Set(recentActivity.map((event) => event.id)).size).toBe(recentActivity.length);
    for (const event of recentActivity) expect(new Date(event.at).toISOString()).toBe(event.at);

    // Three more events: only the ten newest are listed.
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) expect((await upload(who, SAMPLES.pdf, name)).status).toBe(201);
    const latest = (await dashboard(who)).recentActivity;
    expect(latest).toHaveLength(10);
    expect(latest.slice(0, 3).map((event) => event.subject)).toEqual(['c.pdf', 'b.pdf', 'a.pdf']);
    expect(latest.at(-1)!.subject).toBe('João Lima');

    expect((await dashboard(await brokerWithRefs())).recentActivity).toEqual([]);
  });
});

describe('Limpar Dados', () => {
  test('clears every record and file of the broker, resets catalogues and stages, keeps the account; another broker is untouched', async () => {
    const mine = await busyBroker();
    const theirs = await busyBroker();
    const theirKeys = await store.listKeys(`documents/${theirs.who.user.id}/`);
    expect(theirKeys).toHaveLength(1);

    const cleared = await brokerApi().delete('/api/clear-data').set('Cookie', mine.who.cookie);
    expect(cleared.status).toBe(204);

    const who = mine.who;
    expect((await pipelineApi().get('/api/pipeline').set('Cookie', who.cookie)).body).toEqual([]);
    expect((await pipelineApi().get('/api/contacts').set('Cookie', who.cookie)).body).toMatchObject({ items: [], total: 0 });
    expect((await api().get('/api/policies').set('Cookie', who.cookie)).body).toEqual([]);
    expect((await api().get('/api/claims').set('Cookie', who.cookie)).body).toMatchObject({ items: [], activeCount: 0 });
    expect((await api().get('/api/documents').set('Cookie', who.cookie)).body).toMatchObject({ items: [], usedBytes: 0 });
    expect(await store.listKeys(`documents/${who.user.id}/`)).toEqual([]);
    expect(await dashboard(who)).toMatchObject({ recentActivity: [], totalLeads: 0, activePolicies: 0, openClaims: 0, unavailable: [] });
    // Catalogues and stages are the defaults again (new ids: the old ones are gone).
    const refs = (await cataloguesApi().get('/api/reference-data').set('Cookie', who.cookie)).body as Who['refs'];
    expect(refs.products.map((product) => product.name)).not.toContain('Seguro Pet');
    expect(refs.products).toHaveLength(6);
    expect(refs.insurers).toHaveLength(8);
    expect(refs.pipelineStages.map((stage) => `${stage.key}:${stage.name}`)).toEqual([
      'leads:Contato',
      'qualified:Negociação',
      'proposal:Fechamento',
      'closed:Finalizado',
    ]);
    expect(refs.pipelineStages.some((stage) => mine.stages.includes(stage.id))).toBe(false);
    // The account works at once: a lead on the new stages.
    const fresh = await finalizedCard({ ...who, refs });
    expect((await issue({ ...who, refs }, fresh.id)).status).toBe(200);

    // Again: the same end state, no error.
    expect((await brokerApi().delete('/api/clear-data').set('Cookie', who.cookie)).status).toBe(204);
    expect((await api().get('/api/policies').set('Cookie', who.cookie)).body).toEqual([]);

    // The other broker still has everything.
    const other = theirs.who;
    expect((await pipelineApi().get('/api/pipeline').set('Cookie', other.cookie)).body).toHaveLength(1);
    expect((await api().get('/api/policies').set('Cookie', other.cookie)).body).toHaveLength(1);
    expect((await api().get(`/api/claims/${theirs.claim.id}`).set('Cookie', other.cookie)).status).toBe(200);
    expect(await store.listKeys(`documents/${other.user.id}/`)).toEqual(theirKeys);
    const theirRefs = (await cataloguesApi().get('/api/reference-data').set('Cookie', other.cookie)).body as Who['refs'];
    expect(theirRefs.products.map((product) => product.name)).toContain('Seguro Pet');
    expect(theirRefs.pipelineStages.map((stage) => stage.id)).toEqual(theirs.stages);
    expect((await dashboard(other)).recentActivity.length).toBeGreaterThan(0);
  });

  test('writes sent while it runs are refused (pt-BR 409) or cleared: afterwards nothing of the account points at something removed', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { who } = await busyBroker();
      const ready = await finalizedCard(who);
      const lead = (n: number) =>
        pipelineApi()
          .post('/api/pipeline')
          .set('Cookie', who.cookie)
          .send({
            name: `Paralelo ${n}`,
            phone: '(11) 98765-4321',
            productId: who.refs.products[0]!.id,
            leadSourceId: who.refs.leadSources[0]!.id,
            stageId: who.refs.pipelineStages[0]!.id,
          });
      const answers = await Promise.all([
        brokerApi().delete('/api/clear-data').set('Cookie', who.cookie),
        ...Array.from({ length: 12 }, (_, n) => lead(n)),
        ...Array.from({ length: 4 }, (_, n) => upload(who, SAMPLES.pdf, `paralelo-${n}.pdf`)),
        issue(who, ready.id),
        api().post('/api/claims').set('Cookie', who.cookie).send({ contactId: ready.contactId, type: 'colisao', amount: '10.00' }),
      ]);
      expect(answers[0]!.status).toBe(204);
      for (const answer of answers.slice(1)) {
        // Done before the clear (then cleared), refused meanwhile, or aimed at something already gone.
        expect([200, 201, 400, 404, 409]).toContain(answer.status);
        if (answer.status === 409) expect(answer.body.message).toMatch(/^(Limpeza de dados em andamento|Os dados da conta foram limpos)/);
      }

      const refs = (await cataloguesApi().get('/api/reference-data').set('Cookie', who.cookie)).body as Who['refs'];
      const board = (await pipelineApi().get('/api/pipeline').set('Cookie', who.cookie)).body as {
        id: number;
        stageId: number;
        contact: { productId: number | null; leadSourceId: number | null };
      }[];
      for (const card of board) {
        expect(refs.pipelineStages.map((stage) => stage.id)).toContain(card.stageId);
        expect(refs.products.map((product) => product.id)).toContain(card.contact.productId);
        expect(refs.leadSources.map((source) => source.id)).toContain(card.contact.leadSourceId);
      }
      const policies = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { cardId: number }[];
      for (const policy of policies) expect(board.map((card) => card.id)).toContain(policy.cardId);
      const documents = (await api().get('/api/documents').set('Cookie', who.cookie)).body as {
        items: { id: number; fileSize: number }[];
        usedBytes: number;
      };
      expect((await store.listKeys(`documents/${who.user.id}/`)).length).toBe(documents.items.length);
      for (const document of documents.items)
        expect((await api().get(`/api/documents/${document.id}/download`).set('Cookie', who.cookie)).status).toBe(200);
      expect(documents.usedBytes).toBe(documents.items.reduce((sum, document) => sum + document.fileSize, 0));
      // And the account takes writes again.
      const after = await cataloguesApi().get('/api/reference-data').set('Cookie', who.cookie);
      expect((await finalizedCard({ ...who, refs: after.body })).id).toBeGreaterThan(0);
    }
  });

  test('a document whose file is gone: its download is a pt-BR 404 and the row is removed with its bytes', async () => {
    const who = await brokerWithRefs();
    const document = (await upload(who, SAMPLES.pdf, 'perdido.pdf')).body as { id: number };
    await store.removePrefix(`documents/${who.user.id}/`);
    const download = await api().get(`/api/documents/${document.id}/download`).set('Cookie', who.cookie);
    expect(download.status).toBe(404);
    expect(download.body.message).toBe(
      'O arquivo deste documento não foi encontrado no armazenamento. O registro foi removido; envie o documento novamente.',
    );
    expect((await api().get('/api/documents').set('Cookie', who.cookie)).body).toMatchObject({ items: [], usedBytes: 0 });
  });

  test('a service failing: the failure answer, the catalogues untouched; a retry finishes the job', async () => {
    const { who } = await busyBroker();
    // The same broker service, with finance unreachable.
    const broken = await createBrokerService(
      {
        ...testConfig('broker', urls.database),
        cataloguesUrl: urls.catalogues,
        pipelineUrl: urls.pipeline,
        financeUrl: 'http://127.0.0.1:9',
      },
      store,
    );
    try {
      const failed = await request(broken.app.callback()).delete('/api/clear-data').set('Cookie', who.cookie);
      expect(failed.status).toBe(502);
      expect(failed.body.message).toBe('Não foi possível limpar os dados. Tente novamente.');
    } finally {
      await broken.close();
    }
    // Finance kept everything; catalogues were not reset (cards could still point at them).
    expect((await api().get('/api/policies').set('Cookie', who.cookie)).body).toHaveLength(1);
    expect(
      (await cataloguesApi().get('/api/reference-data').set('Cookie', who.cookie)).body.products.map((p: { name: string }) => p.name),
    ).toContain('Seguro Pet');

    const retried = await brokerApi().delete('/api/clear-data').set('Cookie', who.cookie);
    expect(retried.status).toBe(204);
    expect((await api().get('/api/policies').set('Cookie', who.cookie)).body).toEqual([]);
    expect((await pipelineApi().get('/api/pipeline').set('Cookie', who.cookie)).body).toEqual([]);
    expect(await store.listKeys(`documents/${who.user.id}/`)).toEqual([]);
    expect(
      (await cataloguesApi().get('/api/reference-data').set('Cookie', who.cookie)).body.products.map((p: { name: string }) => p.name),
    ).not.toContain('Seguro Pet');
  });

  test('a sum of the months under way when Limpar Dados starts: the clear waits for it, and no total of the old book is left', async () => {
    const { who } = await busyBroker();
    const knex = stack.finance().knex;
    // The job's sum, read from the rows before the clear and written as it runs (held open until the clear has started).
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => undefined as void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const summing = knex.transaction(async (trx) => {
      await lockTotals(trx, who.user.id);
      // The sum holds the lock before the clear is asked (a busy machine could start its transaction after the clear's).
      locked();
      await trx('instalment_months').insert({
        user_id: who.user.id,
        month: '2026-01-01',
        responsible_id: who.user.id,
        type: 'auto',
        line: 'auto',
        instalments: 1,
        expected: '125.00',
        unpaid_instalments: 1,
        unpaid_expected: '125.00',
        receivable: '0.00',
        off_instalments: 0,
        off_amount: '0.00',
      });
      await held;
    });
    await holding;
    const clearing = brokerApi().delete('/api/clear-data').set('Cookie', who.cookie);
    const cleared = clearing.then((answer) => answer.status);
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await summing;
    expect(await cleared).toBe(204);
    expect(await knex('instalment_months').where({ user_id: who.user.id })).toEqual([]);
    expect((await internal().get(`/internal/finance/${who.user.id}/stats`)).body).toMatchObject({
      activePolicies: 0,
      openDifferences: { count: 0 },
    });
  });

  test('parallel clears end in the clean state; signed out is a 401; the internal endpoints refuse a bad user id', async () => {
    const { who } = await busyBroker();
    const answers = await Promise.all(Array.from({ length: 3 }, () => brokerApi().delete('/api/clear-data').set('Cookie', who.cookie)));
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204]);
    const refs = (await cataloguesApi().get('/api/reference-data').set('Cookie', who.cookie)).body as Who['refs'];
    expect(refs.products).toHaveLength(6);
    expect(refs.pipelineStages).toHaveLength(4);
    expect((await brokerApi().delete('/api/clear-data')).status).toBe(401);
    expect((await request(urls.finance).delete(`/internal/finance/${who.user.id}/data`)).status).toBe(403); // no internal token
    for (const url of [
      `${urls.finance}/internal/finance`,
      `${urls.pipeline}/internal/pipeline`,
      `${urls.catalogues}/internal/catalogues`,
    ]) {
      expect((await request(url).delete('/not-a-uuid/data').set('x-internal-token', TEST_INTERNAL_TOKEN)).status).toBe(404);
    }
  });
});

describe('onboarding gate', () => {
  test('until onboarding is complete every locked area answers a pt-BR 403 naming the step; Minha Corretora and Limpar Dados stay open; restart locks again', async () => {
    const who = await broker({ onboarded: false });
    const locked = [
      () => cataloguesApi().get('/api/products'),
      () => cataloguesApi().get('/api/reference-data'),
      () => cataloguesApi().post('/api/products').send({ name: 'Seguro Pet' }),
      () => pipelineApi().get('/api/pipeline'),
      () => pipelineApi().get('/api/contacts'),
      () => pipelineApi().post('/api/contacts').send({ name: 'Ana' }),
      () => api().get('/api/policies'),
      () => api().get('/api/claims'),
      () => api().get('/api/commissions'),
      () => api().get('/api/documents'),
      () => brokerApi().get('/api/dashboard/stats'),
    ];
    for (const call of locked) {
      const answer = await call().set('Cookie', who.cookie);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: 'Conclua o cadastro da corretora em Minha Corretora para liberar esta área.' });
    }
    expect(
      (
        await api()
          .post('/api/documents/upload')
          .set('Cookie', who.cookie)
          .field('category', 'contracts')
          .attach('file', SAMPLES.pdf, 'a.pdf')
      ).status,
    ).toBe(403);
    expect((await brokerApi().get('/api/broker-profile').set('Cookie', who.cookie)).status).toBe(200);
    expect((await brokerApi().delete('/api/clear-data').set('Cookie', who.cookie)).status).toBe(204);
    // Signed out is still a 401, not a 403.
    expect((await api().get('/api/policies')).status).toBe(401);

    expect(
      (
        await brokerApi()
          .post('/api/broker-profile')
          .set('Cookie', who.cookie)
          .send({ ...EXAMPLE_BROKERAGE, isOnboardingComplete: true })
      ).status,
    ).toBe(201);
    for (const call of locked.filter((_, index) => index !== 2 && index !== 5))
      expect((await call().set('Cookie', who.cookie)).status).toBe(200);

    expect((await brokerApi().post('/api/broker-profile/restart').set('Cookie', who.cookie)).status).toBe(200);
    expect((await api().get('/api/policies').set('Cookie', who.cookie)).status).toBe(403);
  });
});
