import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { testConfig } from '@corretora/service-kit/testing';
import { createPipelineService } from '../../pipeline/src/app';
import { FILE_SAMPLES as SAMPLES } from '@corretora/service-kit/file-samples';
import { financeStack, type Who } from './stack';

const { api, internal, finance, store, urls, pipelineApi, brokerWithRefs, finalizedCard, issue, upload } = financeStack();

/** A policy straight through the internal endpoint (any dates), as the pipeline would issue it. */
async function policyOf(who: Who, overrides: Record<string, unknown> = {}) {
  const response = await internal()
    .post(`/internal/finance/${who.user.id}/policies`)
    .send({
      cardId: Math.floor(Math.random() * 1e9),
      contactId: 1,
      contactName: 'Cliente',
      type: 'auto',
      premium: '1000.00',
      startDate: '2026-01-01',
      renewalDate: '2027-01-01',
      commissionPercentage: '10.00',
      ...overrides,
    });
  expect(response.status).toBe(200);
  return response.body as {
    id: number;
    policyNumber: string;
    status: string;
    premium: string;
    renewalDate: string;
    commissionValue: string;
  };
}

describe('issuing a finalized card', () => {
  test('creates the policy from the card (type, premium, renewal, commission), links the attached PDF, marks the card issued; again is the same policy', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who);
    const pdf = await upload(
      who,
      SAMPLES.pdf,
      'apolice.pdf',
      { contactId: String(card.contactId), cardId: String(card.id), description: 'Apólice' },
      '/api/documents',
    );
    expect(pdf.status).toBe(201);
    expect(pdf.body).toMatchObject({ category: 'policies', mimeType: 'application/pdf', policyId: null });

    const issued = await issue(who, card.id);
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ status: 'issued', stage: 'closed' });
    const policyId = issued.body.policyId as number;
    const policy = (await api().get(`/api/policies/${policyId}`).set('Cookie', who.cookie)).body;
    expect(policy).toMatchObject({
      type: 'auto',
      premium: '1073.80',
      renewalDate: '2027-12-01',
      startDate: '2026-12-01',
      commissionType: 'percentage',
      commissionValue: '12.50',
      status: 'active',
      contactName: 'Maria Souza',
      cardId: card.id,
    });
    expect(policy.policyNumber).toMatch(new RegExp(`^PROV-${new Date().getFullYear()}-\\d{6}$`));
    // Comissões never quotes the provisional number: the row says it awaits the insurer's, as its CSV does.
    const commissionRow = (await api().get('/api/commissions').set('Cookie', who.cookie)).body.policies[0];
    expect(commissionRow).toMatchObject({ id: policyId, awaitingNumber: true });
    const commissionsCsv = await api().get('/api/commissions.csv').set('Cookie', who.cookie);
    expect(commissionsCsv.text).toContain('Aguardando nº da seguradora;Maria Souza');
    expect(commissionsCsv.text).not.toContain('PROV-');
    const docs = (await api().get('/api/documents?category=policies').set('Cookie', who.cookie)).body;
    expect(docs.items[0]).toMatchObject({ id: pdf.body.id, policyId });

    const again = await issue(who, card.id);
    expect(again.status).toBe(200);
    expect(again.body.policyId).toBe(policyId);
    expect((await api().get('/api/policies').set('Cookie', who.cookie)).body).toHaveLength(1);
    // Issued: no longer movable, nor deletable (its policy would point at nothing).
    expect((await pipelineApi().patch(`/api/pipeline/${card.id}`).set('Cookie', who.cookie).send({ stage: 'leads' })).status).toBe(409);
    const deleted = await pipelineApi().delete(`/api/pipeline/${card.id}`).set('Cookie', who.cookie);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe(
      'A apólice deste card já foi emitida: ele não pode ser excluído. Para encerrar, cancele a apólice em Apólices.',
    );
    expect(
      (await pipelineApi().get('/api/pipeline').set('Cookie', who.cookie)).body.find((c: { id: number }) => c.id === card.id),
    ).toMatchObject({ status: 'issued' });
  });

  test('parallel issues of one card create one policy; a typed policy number is kept; a Saúde product issues a saude policy', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who, 'Seguro Saúde');
    const answers = await Promise.all(Array.from({ length: 6 }, () => issue(who, card.id, { policyNumber: 'APL-2026/0001' })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((answer) => answer.body.policyId)).size).toBe(1);
    const policies = (await api().get('/api/policies').set('Cookie', who.cookie)).body;
    expect(policies).toHaveLength(1);
    // Its line is its product's (#34): saude, not empresarial; the old type on the wire is derived from it.
    expect(policies[0]).toMatchObject({ policyNumber: 'APL-2026/0001', line: 'saude', type: 'life' });
    expect((await api().get('/api/policies?line=saude').set('Cookie', who.cookie)).body).toHaveLength(1);
    expect((await api().get('/api/policies?line=empresarial').set('Cookie', who.cookie)).body).toHaveLength(0);
    const badLine = await api().get('/api/policies?line=health').set('Cookie', who.cookie);
    expect(badLine.status).toBe(400);
    expect(badLine.body.issues).toEqual([{ path: 'line', message: 'Ramo inválido' }]);
    const byLine = (await api().get('/api/commissions?line=saude').set('Cookie', who.cookie)).body;
    expect(byLine.policies.map((row: { line: string }) => row.line)).toEqual(['saude']);
    expect(byLine.summary.commissionsByLine.saude.count).toBe(1);
    expect(byLine.summary.commissionsByLine.empresarial.count).toBe(0);
    // The same number on another card of the broker is a 409 naming the field; the card stays finalized.
    const other = await finalizedCard(who);
    const taken = await issue(who, other.id, { policyNumber: 'APL-2026/0001' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Já existe uma apólice desta seguradora com este número.');
    expect(
      (await pipelineApi().get('/api/pipeline').set('Cookie', who.cookie)).body.find((c: { id: number }) => c.id === other.id),
    ).toMatchObject({ status: 'active', stage: 'closed' });
  });

  test('finance down: the card stays finalized and a retry issues it', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who);
    const offline = await createPipelineService({
      ...testConfig('pipeline', urls.database),
      cataloguesUrl: 'http://127.0.0.1:9',
      financeUrl: 'http://127.0.0.1:9',
    });
    try {
      const failed = await request(offline.app.callback())
        .post(`/api/pipeline-cards/${card.id}/confirm-issuance`)
        .set('Cookie', who.cookie)
        .send({});
      expect(failed.status).toBe(502);
      expect(failed.body.message).toBe('Serviço indisponível. Tente novamente.');
    } finally {
      await offline.close();
    }
    expect((await api().get('/api/policies').set('Cookie', who.cookie)).body).toHaveLength(0);
    expect((await issue(who, card.id)).body.status).toBe('issued');
  });

  test('a finalize sent while the card is being issued waits, then is refused: card and policy agree', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who);
    // Finance behind a slow link: the policy request is held until the finalize is on its way.
    let policyRequested!: () => void;
    const requested = new Promise<void>((resolve) => (policyRequested = resolve));
    const slowLink = http.createServer((incoming, outgoing) => {
      const forward = () => {
        const target = new URL(incoming.url!, urls.finance);
        const upstream = http.request(target, { method: incoming.method, headers: incoming.headers }, (answer) => {
          outgoing.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(outgoing);
        });
        incoming.pipe(upstream);
      };
      if (incoming.url!.endsWith('/policies')) {
        policyRequested();
        setTimeout(forward, 400);
      } else forward();
    });
    await new Promise<void>((resolve) => slowLink.listen(0, '127.0.0.1', resolve));
    const slow = await createPipelineService({
      ...testConfig('pipeline', urls.database),
      cataloguesUrl: urls.catalogues,
      financeUrl: `http://127.0.0.1:${(slowLink.address() as AddressInfo).port}`,
    });
    try {
      const issuing = Promise.resolve(
        request(slow.app.callback()).post(`/api/pipeline-cards/${card.id}/confirm-issuance`).set('Cookie', who.cookie).send({}),
      );
      await requested;
      const refinalized = await pipelineApi().post(`/api/pipeline-cards/${card.id}/confirm-issuance`).set('Cookie', who.cookie).send({
        insurerId: who.refs.insurers[0]!.id,
        startDate: '2027-01-01',
        endDate: '2028-01-01',
        premioLiquido: '5000.00',
        iof: '369.00',
        juros: '0',
        totalPremium: '5369.00',
        commissionPercentage: '30.00',
      });
      expect((await issuing).status).toBe(200);
      expect(refinalized.status).toBe(409);
      expect(refinalized.body.message).toBe('A apólice deste card já foi emitida: ele não pode ser movido nem editado.');
    } finally {
      await slow.close();
      await new Promise((resolve) => slowLink.close(resolve));
    }
    const onBoard = (await pipelineApi().get('/api/pipeline').set('Cookie', who.cookie)).body.find((c: { id: number }) => c.id === card.id);
    const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body;
    expect(onBoard).toMatchObject({
      status: 'issued',
      totalPremium: '1073.80',
      endDate: '2027-12-01',
      commissionPercentage: '12.50',
      policyId: policy.id,
    });
    expect(policy).toMatchObject({ premium: '1073.80', renewalDate: '2027-12-01', commissionValue: '12.50' });
  });

  test('a policy asked for again (an attempt that stopped before the card was marked) takes the sale sent now, once', async () => {
    const who = await brokerWithRefs();
    const cardId = 424242;
    const first = await policyOf(who, { cardId, premium: '1073.80', commissionPercentage: '12.50' });
    const again = await policyOf(who, { cardId, premium: '5369.00', renewalDate: '2028-01-01', commissionPercentage: '30.00' });
    expect(again.id).toBe(first.id);
    expect(again.policyNumber).toBe(first.policyNumber);
    expect(again).toMatchObject({ premium: '5369.00', renewalDate: '2028-01-01', commissionValue: '30.00' });
    const typed = await policyOf(who, { cardId, policyNumber: 'APL-9' });
    expect(typed).toMatchObject({ id: first.id, policyNumber: 'APL-9' });
    const events = (await internal().get(`/internal/finance/${who.user.id}/stats`)).body.recentActivity as { type: string }[];
    expect(events.filter((event) => event.type === 'policy_issued')).toHaveLength(1);
  });

  test("another broker's card is a 404 and issues nothing; an unfinalized card is a 409", async () => {
    const owner = await brokerWithRefs();
    const intruder = await brokerWithRefs();
    const card = await finalizedCard(owner);
    expect((await issue(intruder, card.id)).status).toBe(404);
    expect((await api().get('/api/policies').set('Cookie', owner.cookie)).body).toHaveLength(0);
    expect((await issue(owner, card.id, { policyNumber: 'x'.repeat(41) })).status).toBe(400);
  });
});

describe('policies', () => {
  test('type, status and renewal filters on the server; expired read from the renewal date; cancel active only', async () => {
    const who = await brokerWithRefs();
    const soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 75 * 86_400_000).toISOString().slice(0, 10);
    const auto = await policyOf(who, { type: 'auto', renewalDate: soon });
    const home = await policyOf(who, { type: 'home', renewalDate: later });
    const old = await policyOf(who, { type: 'life', renewalDate: '2025-01-01' });
    const list = async (query: string) =>
      ((await api().get(`/api/policies${query}`).set('Cookie', who.cookie)).body as { id: number }[]).map((p) => p.id).sort();
    expect(old.status).toBe('expired');
    expect(await list('?type=auto')).toEqual([auto.id]);
    expect(await list('?status=expired')).toEqual([old.id]);
    expect(await list('?status=active')).toEqual([auto.id, home.id].sort());
    expect(await list('?renewal=30')).toEqual([auto.id]);
    expect(await list('?renewal=90')).toEqual([auto.id, home.id].sort());
    // The screen's pages: the same lists, a page at a time, with how many there are.
    const page = async (query: string, cookie = who.cookie) => (await api().get(`/api/policies/page${query}`).set('Cookie', cookie)).body;
    const active = await page('?status=active&pageSize=1');
    expect([active.total, active.page, active.pageSize, active.items.length]).toEqual([2, 1, 1, 1]);
    const second = await page('?status=active&pageSize=1&page=2');
    expect([active.items[0].id, second.items[0].id].sort()).toEqual([auto.id, home.id].sort());
    expect((await page('?status=active&pageSize=1&page=3')).items).toEqual([]);
    expect((await page('?status=expired')).items.map((p: { id: number }) => p.id)).toEqual([old.id]);
    expect((await page('?renewal=30')).items.map((p: { id: number }) => p.id)).toEqual([auto.id]);
    expect(await page('')).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    const badPage = await api().get('/api/policies/page?page=0&pageSize=101').set('Cookie', who.cookie);
    expect(badPage.status).toBe(400);
    expect(badPage.body.issues.map((issue: { message: string }) => issue.message)).toEqual([
      'Página inválida',
      'Tamanho de página inválido',
    ]);
    expect(await page('', (await brokerWithRefs()).cookie)).toMatchObject({ items: [], total: 0 });
    const bad = await api().get('/api/policies?type=barco&renewal=45').set('Cookie', who.cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((issue: { message: string }) => issue.message)).toEqual([
      'Tipo de apólice inválido',
      'Período de renovação deve ser 30, 60 ou 90 dias',
    ]);

    const cancel = (id: number, cookie = who.cookie) => api().post(`/api/policies/${id}/cancel`).set('Cookie', cookie);
    expect((await cancel(auto.id)).body.status).toBe('cancelled');
    expect((await cancel(auto.id)).body.message).toBe('Esta apólice já está cancelada.');
    expect((await cancel(old.id)).status).toBe(409);
    const intruder = await brokerWithRefs();
    expect((await cancel(home.id, intruder.cookie)).status).toBe(404);
    expect((await api().get(`/api/policies/${home.id}`).set('Cookie', intruder.cookie)).status).toBe(404);
    expect((await api().get('/api/policies/99999999999').set('Cookie', who.cookie)).status).toBe(404);
  });
});

describe('claims', () => {
  async function contactOf(who: Who, name = 'Paulo Lima') {
    const response = await pipelineApi()
      .post('/api/contacts')
      .set('Cookie', who.cookie)
      .send({ name, phone: '(21) 99876-5432', type: 'individual' });
    expect(response.status).toBe(201);
    return response.body as { id: number };
  }

  test('a claim records the day it happened (not in the future) and the insurer’s own number, and lists its policy and insurer (#34 item 7)', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who);
    expect((await issue(who, card.id, { policyNumber: 'AP-500' })).status).toBe(200);
    const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number; contactId: number }[];
    const base = { contactId: policy!.contactId, policyId: policy!.id, type: 'colisao', amount: '900.00' };
    const future = await api()
      .post('/api/claims')
      .set('Cookie', who.cookie)
      .send({ ...base, occurredAt: '2099-01-01' });
    expect(future.status).toBe(400);
    expect(future.body.issues).toEqual([{ path: 'occurredAt', message: 'A data do sinistro não pode ser futura' }]);
    for (const occurredAt of ['2026-02-30', '0000-01-01'])
      expect(
        (
          await api()
            .post('/api/claims')
            .set('Cookie', who.cookie)
            .send({ ...base, occurredAt })
        ).body.issues[0].path,
      ).toBe('occurredAt');
    const badNumber = await api()
      .post('/api/claims')
      .set('Cookie', who.cookie)
      .send({ ...base, insurerClaimNumber: 'aviso 1' });
    expect(badNumber.body.issues[0].path).toBe('insurerClaimNumber');
    const created = await api()
      .post('/api/claims')
      .set('Cookie', who.cookie)
      .send({ ...base, occurredAt: '15/10/2026', insurerClaimNumber: ' 4411-2026 ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      occurredAt: '2026-10-15',
      insurerClaimNumber: '4411-2026',
      policyNumber: 'AP-500',
      insurerId: who.refs.insurers[0]!.id,
    });
    const edited = await api()
      .patch(`/api/claims/${created.body.id as number}`)
      .set('Cookie', who.cookie)
      .send({ ...base, occurredAt: null, insurerClaimNumber: '' });
    expect(edited.body).toMatchObject({ occurredAt: null, insurerClaimNumber: null });
  });

  test("claim numbers count each brokerage's own claims: parallel claims get consecutive numbers, another brokerage starts at 1", async () => {
    const year = new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date());
    const who = await brokerWithRefs();
    const contact = await contactOf(who);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        api().post('/api/claims').set('Cookie', who.cookie).send({ contactId: contact.id, type: 'colisao', amount: '10.00' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(answers.map((answer) => answer.body.claimId as string).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `SIN-${year}-00000${n}`));
    const other = await brokerWithRefs();
    const first = await api()
      .post('/api/claims')
      .set('Cookie', other.cookie)
      .send({ contactId: (await contactOf(other)).id, type: 'vidros', amount: '10.00' });
    expect(first.body.claimId).toBe(`SIN-${year}-000001`);
  });

  test('create with the contact and policy of the broker, edit, list with status filter and active count', async () => {
    const who = await brokerWithRefs();
    const contact = await contactOf(who);
    const policy = await policyOf(who, { contactId: contact.id });
    const created = await api()
      .post('/api/claims')
      .set('Cookie', who.cookie)
      .send({ contactId: contact.id, policyId: policy.id, type: 'colisao', amount: '1500.50', description: 'Batida leve' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      contactName: 'Paulo Lima',
      policyNumber: policy.policyNumber,
      status: 'open',
      amount: '1500.50',
      type: 'colisao',
    });
    expect(created.body.claimId).toMatch(/^SIN-\d{4}-\d{6}$/);
    const edited = await api()
      .patch(`/api/claims/${created.body.id}`)
      .set('Cookie', who.cookie)
      .send({ contactId: contact.id, policyId: null, type: 'vidros', amount: '200', description: '' });
    expect(edited.body).toMatchObject({ type: 'vidros', amount: '200.00', policyId: null, description: null });
    await api().post(`/api/claims/${created.body.id}/status`).set('Cookie', who.cookie).send({ status: 'in_review' }).expect(200);
    const second = await api()
      .post('/api/claims')
      .set('Cookie', who.cookie)
      .send({ contactId: contact.id, type: 'roubo_furto', amount: '10.00' });
    await api().post(`/api/claims/${second.body.id}/status`).set('Cookie', who.cookie).send({ status: 'closed' }).expect(200);
    const all = (await api().get('/api/claims').set('Cookie', who.cookie)).body;
    expect(all.items).toHaveLength(2);
    expect(all.activeCount).toBe(1);
    const closed = (await api().get('/api/claims?status=closed').set('Cookie', who.cookie)).body;
    expect(closed.items.map((c: { id: number }) => c.id)).toEqual([second.body.id]);
    expect(closed.activeCount).toBe(1);
    expect(
      (
        await api()
          .patch(`/api/claims/${second.body.id}`)
          .set('Cookie', who.cookie)
          .send({ contactId: contact.id, type: 'outro', amount: '1' })
      ).body.message,
    ).toBe('Um sinistro fechado não pode ser editado.');
  });

  test('bad input is a pt-BR 400 naming the field, and nothing is stored', async () => {
    const who = await brokerWithRefs();
    const intruder = await brokerWithRefs();
    const theirs = await contactOf(intruder);
    const theirPolicy = await policyOf(intruder);
    const mine = await contactOf(who);
    const post = (body: Record<string, unknown>) => api().post('/api/claims').set('Cookie', who.cookie).send(body);
    const empty = await post({});
    expect(empty.status).toBe(400);
    expect(empty.body.issues.map((issue: { path: string; message: string }) => `${issue.path}: ${issue.message}`)).toEqual([
      'contactId: Cliente é obrigatório',
      'type: Tipo de sinistro é obrigatório',
      'amount: Valor é obrigatório',
    ]);
    expect((await post({ contactId: theirs.id, type: 'colisao', amount: '1.00' })).body).toMatchObject({
      message: 'Cliente não encontrado.',
      issues: [{ path: 'contactId' }],
    });
    expect((await post({ contactId: mine.id, policyId: theirPolicy.id, type: 'colisao', amount: '1.00' })).body).toMatchObject({
      message: 'Apólice não encontrada.',
    });
    expect((await post({ contactId: mine.id, type: 'colisao', amount: '-5.00' })).body.issues[0].message).toBe(
      'Valor não pode ser negativo',
    );
    expect((await post({ contactId: mine.id, type: 'colisao', amount: 12.5 })).status).toBe(400);
    expect((await post({ contactId: mine.id, type: 'colisao', amount: '1.00', description: 'x'.repeat(2001) })).status).toBe(400);
    expect((await api().get('/api/claims').set('Cookie', who.cookie)).body.items).toHaveLength(0);
  });

  const STATUSES = ['open', 'in_review', 'approved', 'denied', 'closed'] as const;
  const ALLOWED = new Set(['open>in_review', 'open>closed', 'in_review>approved', 'in_review>denied', 'approved>closed', 'denied>closed']);
  const PATH_TO: Record<(typeof STATUSES)[number], string[]> = {
    open: [],
    in_review: ['in_review'],
    approved: ['in_review', 'approved'],
    denied: ['in_review', 'denied'],
    closed: ['closed'],
  };

  test.each(STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const)))('transition %s → %s', async (from, to) => {
    const who = await brokerWithRefs();
    const contact = await contactOf(who);
    const claim = (await api().post('/api/claims').set('Cookie', who.cookie).send({ contactId: contact.id, type: 'outro', amount: '1.00' }))
      .body as { id: number };
    for (const step of PATH_TO[from])
      await api().post(`/api/claims/${claim.id}/status`).set('Cookie', who.cookie).send({ status: step }).expect(200);
    const answer = await api().post(`/api/claims/${claim.id}/status`).set('Cookie', who.cookie).send({ status: to });
    if (ALLOWED.has(`${from}>${to}`)) {
      expect(answer.status).toBe(200);
      expect(answer.body.status).toBe(to);
    } else {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toMatch(/^Não é possível mudar o sinistro de .+ para .+\.$/);
      expect((await api().get(`/api/claims/${claim.id}`).set('Cookie', who.cookie)).body.status).toBe(from);
    }
  });

  test("another broker's claim is a 404 on every verb and stays as it was", async () => {
    const owner = await brokerWithRefs();
    const intruder = await brokerWithRefs();
    const contact = await contactOf(owner);
    const claim = (
      await api().post('/api/claims').set('Cookie', owner.cookie).send({ contactId: contact.id, type: 'outro', amount: '1.00' })
    ).body as { id: number };
    const mine = await contactOf(intruder);
    expect((await api().get(`/api/claims/${claim.id}`).set('Cookie', intruder.cookie)).status).toBe(404);
    expect(
      (
        await api()
          .patch(`/api/claims/${claim.id}`)
          .set('Cookie', intruder.cookie)
          .send({ contactId: mine.id, type: 'outro', amount: '9.00' })
      ).status,
    ).toBe(404);
    expect((await api().post(`/api/claims/${claim.id}/status`).set('Cookie', intruder.cookie).send({ status: 'closed' })).status).toBe(404);
    expect((await api().get(`/api/claims/${claim.id}`).set('Cookie', owner.cookie)).body).toMatchObject({ status: 'open', amount: '1.00' });
    expect((await api().get('/api/claims').set('Cookie', intruder.cookie)).body.items).toHaveLength(0);
  });
});

describe('commissions and stats', () => {
  test('GET /api/commissions in cents on the net premium (the total where it is unknown), with the summary; the dashboard share agrees', async () => {
    const who = await brokerWithRefs();
    const inMonths = (months: number) => {
      const date = new Date();
      date.setUTCDate(15);
      date.setUTCMonth(date.getUTCMonth() + months);
      return date.toISOString().slice(0, 10);
    };
    const auto = await policyOf(who, {
      type: 'auto',
      premium: '1073.80',
      netPremium: '1000.00',
      commissionPercentage: '12.50',
      renewalDate: inMonths(2),
    });
    // Paid in 3 parcelas from next month: the commission falls due 41,67 + 41,67 + 41,66.
    expect(
      (
        await api()
          .put(`/api/policies/${auto.id}/payment-plan`)
          .set('Cookie', who.cookie)
          .send({ instalments: 3, firstDueDate: inMonths(1) })
      ).status,
    ).toBe(200);
    await policyOf(who, {
      type: 'home',
      premium: '500.00',
      commissionPercentage: null,
      commissionAmount: '80.00',
      renewalDate: inMonths(5),
    });
    await policyOf(who, { type: 'life', premium: '999.99', commissionPercentage: '10.00', renewalDate: '2025-06-01' });
    const response = await api().get('/api/commissions?type=all&months=6').set('Cookie', who.cookie);
    expect(response.status).toBe(200);
    const { policies, summary } = response.body;
    // On the net premium: 100000 × 1250 / 10000 = 12500 (not 13423 on the 107380 with IOF); the home policy
    // has no net premium, so its base is its total; rate 20500 / 150000 = 13.666…%
    expect(policies.map((p: { calculatedCommission: number }) => p.calculatedCommission)).toEqual([10000, 12500, 8000]);
    expect(policies.map((p: { commissionBase: number }) => p.commissionBase)).toEqual([99999, 100000, 50000]);
    expect(summary).toMatchObject({ annualRevenue: 20500, monthlyRevenue: 1708, activePolicies: 2, averageCommissionRate: '13.67' });
    expect(summary.commissionsByType).toEqual({
      auto: { revenue: 12500, count: 1 },
      home: { revenue: 8000, count: 1 },
      life: { revenue: 0, count: 0 },
      business: { revenue: 0, count: 0 },
    });
    // By line: a policy issued by a client that sends only the type takes that type's line.
    expect(summary.commissionsByLine).toMatchObject({
      auto: { revenue: 12500, count: 1 },
      residencial: { revenue: 8000, count: 1 },
      saude: { revenue: 0, count: 0 },
    });
    expect(Object.keys(summary.commissionsByLine)).toHaveLength(15);
    // Projeções: what each month's parcelas expect (#34 item 6) plus the commission of the renewals falling in it,
    // at today's terms (decisions.md): the auto renews in month 2 (125,00), the home in month 5 (80,00).
    expect(summary.monthlyBreakdown).toHaveLength(6);
    expect(summary.monthlyBreakdown.map((month: { expectedRevenue: number }) => month.expectedRevenue)).toEqual([
      0,
      4167,
      4167 + 12500,
      4166,
      0,
      8000,
    ]);
    expect(summary.monthlyBreakdown[2]).toMatchObject({ renewals: 1 });
    expect(summary.monthlyBreakdown[5]).toMatchObject({ renewals: 1 });
    // The same month read on each screen's API agrees to the centavo: Projeções, Recebíveis' Previsto, the Painel's 'a receber'.
    const receivables = await api()
      .get(`/api/receivables?month=${inMonths(0).slice(0, 7)}`)
      .set('Cookie', who.cookie);
    expect(receivables.body.expected).toBe('0.00');
    for (const [offset, expected] of [
      [1, '41.67'],
      [3, '41.66'],
    ] as const)
      expect(
        (
          await api()
            .get(`/api/receivables?month=${inMonths(offset).slice(0, 7)}`)
            .set('Cookie', who.cookie)
        ).body.expected,
      ).toBe(expected);
    expect((await api().get('/api/commissions?type=auto&months=12').set('Cookie', who.cookie)).body.summary.annualRevenue).toBe(12500);
    // The screen's summary, summed in SQL, is the report's to the centavo, whatever the filter; its rows come a page at a time.
    for (const query of ['type=all&months=6', 'type=auto&months=12', 'line=residencial&months=24', 'months=24']) {
      const [whole, alone] = await Promise.all(
        [`/api/commissions?${query}`, `/api/commissions/summary?${query}`].map((path) => api().get(path).set('Cookie', who.cookie)),
      );
      expect(alone!.body).toEqual(whole!.body.summary);
    }
    const firstRows = (await api().get('/api/commissions/policies?pageSize=2').set('Cookie', who.cookie)).body;
    expect(firstRows).toEqual({ items: policies.slice(0, 2), total: 3, page: 1, pageSize: 2 });
    expect((await api().get('/api/commissions/policies?pageSize=2&page=2').set('Cookie', who.cookie)).body.items).toEqual(
      policies.slice(2),
    );
    expect((await api().get('/api/commissions/policies?type=home').set('Cookie', who.cookie)).body.total).toBe(1);
    expect((await api().get('/api/commissions/policies?pageSize=abc').set('Cookie', who.cookie)).body.message).toBe(
      'Tamanho de página inválido',
    );
    const stranger = await brokerWithRefs();
    expect((await api().get('/api/commissions/policies').set('Cookie', stranger.cookie)).body.total).toBe(0);
    expect((await api().get('/api/commissions/summary').set('Cookie', stranger.cookie)).body.activePolicies).toBe(0);
    expect((await api().get('/api/commissions?months=7').set('Cookie', who.cookie)).body.message).toBe(
      'Período deve ser 6, 12 ou 24 meses',
    );

    const stats = (await internal().get(`/internal/finance/${who.user.id}/stats`)).body;
    expect(stats).toEqual({
      activePolicies: 2,
      openClaims: 0,
      pendingClaims: 0,
      monthlyRevenue: 1708,
      renewingIn30Days: 0,
      // Nothing falls due this month (Recebíveis' Previsto for it is 0,00); the home and life policies'
      // à vista instalments are long past due with no statement: não pago, their whole commission open.
      receivableThisMonth: 0,
      openDifferences: { count: 2, amount: 18000 },
      // A producer's own figure only: the brokerage (no member) has none.
      repasseDue: null,
      repasseClosedUntil: null,
      recentActivity: expect.any(Array),
    });
    expect((await internal().get('/internal/finance/not-a-uuid/stats')).status).toBe(404);
  });
});

describe('documents', () => {
  test.each([
    ['pdf', 'contrato.pdf', 'application/pdf'],
    ['docx', 'proposta.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xlsx', 'planilha.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['doc', 'antigo.doc', 'application/msword'],
    ['xls', 'antiga.xls', 'application/vnd.ms-excel'],
    // A streaming writer's DOCX (ZIP64 local header) and an XLSX with its sizes in data descriptors.
    ['docxZip64', 'gerado.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xlsxDataDescriptor', 'gerada.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ] as const)('accepts a real %s, typed by its bytes', async (sample, name, mime) => {
    const who = await brokerWithRefs();
    const response = await upload(who, SAMPLES[sample], name);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ originalName: name, mimeType: mime, fileSize: SAMPLES[sample].length, category: 'contracts' });
  });

  test.each([
    ['png', 'foto.pdf'],
    ['exe', 'programa.pdf'],
    ['msi', 'instalador.doc'],
    // Macros are refused even when the macros come first and file-type would stop before the types.
    ['xlsm', 'macros.xlsx'],
    ['docxWithoutDocument', 'vazio.docx'],
    ['zipTruncated', 'cortado.docx'],
    // A compound file is read as one: the signature plus the stream's name somewhere is not a DOC.
    ['cfbHtml', 'pagina.doc'],
    ['macBook', 'orcamento.xls'],
  ] as const)('refuses a %s renamed %s, and stores nothing', async (sample, name) => {
    const who = await brokerWithRefs();
    const response = await upload(who, SAMPLES[sample], name);
    expect(response.status).toBe(415);
    expect(response.body.message).toBe('Tipo de arquivo não permitido. Envie PDF, DOC, DOCX, XLS ou XLSX.');
    expect((await api().get('/api/documents').set('Cookie', who.cookie)).body).toMatchObject({ items: [], usedBytes: 0 });
  });

  test('a stored name ends in the extension of its bytes and loses control and bidi characters', async () => {
    const who = await brokerWithRefs();
    const cases: [Buffer, string, string][] = [
      [SAMPLES.pdf, 'evil.html', 'evil.pdf'],
      [SAMPLES.pdf, 'fatura\u202Efdp.exe', 'faturafdp.pdf'],
      [SAMPLES.docx, 'proposta', 'proposta.docx'],
      [SAMPLES.xlsx, 'Planilha Março.XLSX', 'Planilha Março.xlsx'],
      [SAMPLES.pdf, '\u200B\u2066.pdf', 'arquivo.pdf'],
    ];
    for (const [bytes, sent, stored] of cases) {
      const answer = await upload(who, bytes, sent);
      expect(answer.status).toBe(201);
      expect(answer.body.originalName).toBe(stored);
      const download = await api().get(`/api/documents/${answer.body.id}/download`).set('Cookie', who.cookie);
      expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(stored)}`);
    }
  });

  test.each(['/api/documents/upload', '/api/documents'])(
    "%s: another broker's card or contact is a 400 on the field, and nothing is stored",
    async (path) => {
      const owner = await brokerWithRefs();
      const other = await brokerWithRefs();
      const theirs = await finalizedCard(other);
      const mine = await finalizedCard(owner);
      const category = { category: 'policies' };
      const foreignCard = await upload(owner, SAMPLES.pdf, 'apolice.pdf', { ...category, cardId: String(theirs.id) }, path);
      expect(foreignCard.status).toBe(400);
      expect(foreignCard.body).toEqual({ message: 'Card não encontrado.', issues: [{ path: 'cardId', message: 'Card não encontrado.' }] });
      const foreignContact = await upload(
        owner,
        SAMPLES.pdf,
        'apolice.pdf',
        { ...category, contactId: String(theirs.contactId), cardId: String(mine.id) },
        path,
      );
      expect(foreignContact.status).toBe(400);
      expect(foreignContact.body.issues).toEqual([{ path: 'contactId', message: 'Cliente não encontrado.' }]);
      // Both the broker's own, but the card is another client's.
      const second = await finalizedCard(owner);
      const mismatch = await upload(
        owner,
        SAMPLES.pdf,
        'apolice.pdf',
        { ...category, contactId: String(second.contactId), cardId: String(mine.id) },
        path,
      );
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.issues).toEqual([{ path: 'cardId', message: 'O card informado é de outro cliente.' }]);
      expect((await api().get('/api/documents').set('Cookie', owner.cookie)).body).toMatchObject({ items: [], usedBytes: 0 });
      const ownCard = await upload(
        owner,
        SAMPLES.pdf,
        'apolice.pdf',
        { ...category, contactId: String(mine.contactId), cardId: String(mine.id) },
        path,
      );
      expect(ownCard.status).toBe(201);
      expect(ownCard.body).toMatchObject({ cardId: mine.id, contactId: mine.contactId });
    },
  );

  test('limits: 10 MB, a category, one file; the policy PDF route takes PDF only', async () => {
    const who = await brokerWithRefs();
    const big = Buffer.concat([SAMPLES.pdf, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(who, big, 'grande.pdf')).status).toBe(413);
    const noCategory = await upload(who, SAMPLES.pdf, 'a.pdf', {});
    expect(noCategory.status).toBe(400);
    expect(noCategory.body.issues[0]).toMatchObject({ path: 'category', message: 'Categoria é obrigatória' });
    expect((await upload(who, SAMPLES.pdf, 'a.pdf', { category: 'contracts', other: 'x' })).status).toBe(400);
    expect((await upload(who, SAMPLES.docx, 'a.docx', {}, '/api/documents')).body.message).toBe('A apólice deve ser um arquivo PDF.');
    expect((await api().post('/api/documents/upload').set('Cookie', who.cookie).send({ category: 'forms' })).status).toBe(415);
    expect((await api().get('/api/documents').set('Cookie', who.cookie)).body.items).toHaveLength(0);
    expect(await store.listKeys(`documents/${who.user.id}/`)).toEqual([]);
  });

  test('the quota holds under parallel uploads; a refused upload leaves no object', async () => {
    const who = await brokerWithRefs();
    const knex = finance().knex;
    const size = SAMPLES.pdf.length;
    // Room for exactly two more of the sample.
    await knex('storage_usage').insert({ userId: who.user.id, usedBytes: 10 * 1024 ** 3 - 2 * size - 1 });
    const answers = await Promise.all(Array.from({ length: 5 }, (_, n) => upload(who, SAMPLES.pdf, `parallel-${n}.pdf`)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBe(413);
      expect(refused.body.message).toMatch(/^Espaço de armazenamento esgotado/);
    }
    const list = (await api().get('/api/documents').set('Cookie', who.cookie)).body;
    expect(list.items).toHaveLength(2);
    expect(list.usedBytes).toBe(10 * 1024 ** 3 - 1);
    const keys = ((await knex('documents').where({ userId: who.user.id }).select('fileName')) as { fileName: string }[]).map(
      (row) => row.fileName,
    );
    expect(await store.listKeys(`documents/${who.user.id}/`)).toEqual(keys.sort());
  });

  test('download by the owner only, as an attachment with the stored type; delete removes row, object and usage', async () => {
    const owner = await brokerWithRefs();
    const intruder = await brokerWithRefs();
    const doc = (await upload(owner, SAMPLES.pdf, 'Apólice <final>.pdf')).body as { id: number };
    const download = await api()
      .get(`/api/documents/${doc.id}/download`)
      .set('Cookie', owner.cookie)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body as Buffer, SAMPLES.pdf)).toBe(0);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Apolice <final>.pdf"; filename*=UTF-8''${encodeURIComponent('Apólice <final>.pdf')}`,
    );
    expect((await api().get(`/api/documents/${doc.id}/download`).set('Cookie', intruder.cookie)).status).toBe(404);
    expect((await api().delete(`/api/documents/${doc.id}`).set('Cookie', intruder.cookie)).status).toBe(404);
    expect(await store.listKeys(`documents/${owner.user.id}/`)).toHaveLength(1);
    expect((await api().delete(`/api/documents/${doc.id}`).set('Cookie', owner.cookie)).status).toBe(204);
    expect(await store.listKeys(`documents/${owner.user.id}/`)).toHaveLength(0);
    expect((await api().get('/api/documents').set('Cookie', owner.cookie)).body).toMatchObject({
      items: [],
      usedBytes: 0,
      counts: { policies: 0, claims: 0, contracts: 0, forms: 0 },
    });
    expect((await api().delete(`/api/documents/${doc.id}`).set('Cookie', owner.cookie)).status).toBe(404);
  });
});
