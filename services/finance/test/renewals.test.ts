import { addMonths } from '../src/modules/policies/instalment-math';
import { financeStack, type Who } from './stack';

const stack = financeStack();
const { api, pipelineApi, brokerWithRefs, importPolicies, importPolicySheet, member } = stack;

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
function plusDays(days: number): string {
  const date = new Date(`${today()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Policies ending in 25 days (auto), 50 days, 10 days ago and 200 days, brought in by the policies import. */
const book = (who: Who) =>
  importPolicies(who, [
    ['R-25', 'Auto', plusDays(25)],
    ['R-50', 'Residencial', plusDays(50)],
    ['R-OLD', 'Vida', plusDays(-10)],
    ['R-200', 'Auto', plusDays(200)],
  ]);

interface Item {
  id: number;
  policyId: number;
  policyNumber: string;
  daysLeft: number;
  bucket: string;
  bonusKeptUntil: string | null;
  quotes: { id: number; insurerId: number; premium: string }[];
  contactId: number;
  insuredItem: { kind: string; vehicle: Record<string, unknown> | null } | null;
  switchChargeback: { percent: string; amount: string } | null;
}
const list = async (who: Who, bucket?: string) =>
  (
    await api()
      .get(`/api/renewals${bucket ? `?bucket=${bucket}` : ''}`)
      .set('Cookie', who.cookie)
  ).body as {
    items: Item[];
    counts: Record<string, number>;
  };

describe('Renovações', () => {
  test('a large book’s lists read the items (#63): a written policy gets its item from the month-totals job as it removes the marks; a read with no mark compares nothing; the sweep does', async () => {
    const { knex, jobs } = stack.finance();
    const until = async (probe: () => Promise<boolean>, what: string) => {
      for (let waited = 0; !(await probe()); waited += 100) {
        if (waited > 30_000) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    // The sweep the service sent as it started is done first (it would write the items itself).
    const sweepDone = async () =>
      (await knex.raw(`select 1 from finance_jobs.job where name = 'renewal_sweep' and state in ('created', 'active', 'retry')`)).rows
        .length === 0;
    await until(sweepDone, 'the start-up sweep');
    const who = await brokerWithRefs();
    await book(who);
    const count = async (table: string) => Number((await knex(table).where({ user_id: who.user.id }).count('* as n'))[0]!.n);
    expect(await count('policy_months_dirty')).toBeGreaterThan(0);
    // No read: the job sums the written months and writes the items in the transaction that removes their marks.
    await jobs.send('month_totals');
    await until(async () => (await count('policy_months_dirty')) === 0, 'the months summed');
    expect(await count('renewals')).toBe(3);
    // An item gone with no policy written since (no mark): the lists do not compare the whole window again…
    const [r25] = await knex('policies').where({ user_id: who.user.id, policy_number: 'R-25' }).select('id');
    await knex('renewals').where({ user_id: who.user.id, policy_id: r25!.id }).delete();
    expect((await list(who)).items).toHaveLength(2);
    // … the hourly sweep does.
    await jobs.send('renewal_sweep');
    await until(async () => (await list(who)).items.length === 3, 'the sweep');
    await until(sweepDone, 'the sweep done');
  });

  test('a client’s ficha writes that client’s missing renewal items, once and no one else’s (#63: by the client’s policies, not the book’s items)', async () => {
    const { knex } = stack.finance();
    const who = await brokerWithRefs();
    await book(who);
    const other = await brokerWithRefs();
    await book(other);
    await list(who);
    await list(other);
    const policyOf = async (owner: Who, number: string) =>
      (await knex('policies').where({ user_id: owner.user.id, policy_number: number }).first('id', 'contact_id as contactId'))! as {
        id: number;
        contactId: number;
      };
    const r25 = await policyOf(who, 'R-25');
    const r50 = await policyOf(who, 'R-50');
    const theirs = await policyOf(other, 'R-25');
    const items = (owner: Who, policyId: number) => knex('renewals').where({ user_id: owner.user.id, policy_id: policyId }).select('id');
    // Gone (as a policy written past the triggers would have none): this client's, another client's, another brokerage's.
    for (const [owner, policy] of [
      [who, r25],
      [who, r50],
      [other, theirs],
    ] as const)
      await knex('renewals').where({ user_id: owner.user.id, policy_id: policy.id }).delete();

    const ficha = async () => {
      const answer = await pipelineApi().get(`/api/contacts/${r25.contactId}/overview`).set('Cookie', who.cookie);
      expect(answer.status).toBe(200);
      return answer.body as { renewals: { policyId: number }[]; tasks: { id: string }[] };
    };
    const [first, second] = await Promise.all([ficha(), ficha()]);
    expect(first.renewals.map((renewal) => renewal.policyId)).toEqual([r25.id]);
    expect(second.renewals.map((renewal) => renewal.policyId)).toEqual([r25.id]);
    expect(await items(who, r25.id)).toHaveLength(1);
    expect(await items(who, r50.id)).toHaveLength(0);
    expect(await items(other, theirs.id)).toHaveLength(0);
    // Ending in 25 days: the ficha's tasks name it too.
    expect((await ficha()).tasks.map((task) => task.id)).toContain(`renewal-${(await items(who, r25.id))[0]!.id}`);
    expect(await items(who, r25.id)).toHaveLength(1);
  });

  test('items by bucket, written once even when asked in parallel; a quote, a renewal into the next term, a loss with its reason', async () => {
    const who = await brokerWithRefs();
    const porto = who.refs.insurers.find((insurer) => insurer.name === 'Porto Seguro')!.id;
    const bradesco = who.refs.insurers.find((insurer) => insurer.name === 'Bradesco Seguros')!.id;
    await book(who);
    await Promise.all(Array.from({ length: 10 }, () => list(who)));
    const all = await list(who);
    expect(all.counts).toEqual({ '90': 0, '60': 1, '30': 1, '15': 0, overdue: 1 });
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 100 });
    expect((await api().get('/api/renewals?page=2').set('Cookie', who.cookie)).body).toMatchObject({ items: [], total: 3, page: 2 });
    expect((await api().get('/api/renewals?page=0').set('Cookie', who.cookie)).status).toBe(400);
    expect(all.items.map((item) => item.policyNumber)).toEqual(['R-OLD', 'R-25', 'R-50']);
    const d30 = await list(who, '30');
    expect(d30.items).toHaveLength(1);
    const item = d30.items[0]!;
    expect(item).toMatchObject({ policyNumber: 'R-25', daysLeft: 25, bucket: '30', bonusKeptUntil: plusDays(55), switchChargeback: null });

    // A quote from another insurer: the chargeback the switch may trigger is shown (Porto, month 12 of the policy: 75%).
    const quote = await api()
      .post(`/api/renewals/${item.id}/quotes`)
      .set('Cookie', who.cookie)
      .send({ insurerId: bradesco, premium: '980.00', note: 'Bradesco cobre vidros' });
    expect(quote.status).toBe(201);
    expect(quote.body).toMatchObject({ insurerId: bradesco, premium: '980.00', note: 'Bradesco cobre vidros' });
    const quoted = (await list(who, '30')).items[0]!;
    expect(quoted.quotes).toHaveLength(1);
    expect(quoted.switchChargeback).toEqual({ percent: '75.00', amount: '75.00' });

    const noReason = await api().post(`/api/renewals/${item.id}/outcome`).set('Cookie', who.cookie).send({ outcome: 'lost' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.issues).toEqual([{ path: 'reason', message: 'Informe o motivo da perda' }]);

    const renewed = await api()
      .post(`/api/renewals/${item.id}/outcome`)
      .set('Cookie', who.cookie)
      .send({ outcome: 'renewed', newPolicy: { quoteId: quote.body.id as number, policyNumber: 'R-25-2' } });
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({
      outcome: 'renewed',
      newPolicy: {
        policyNumber: 'R-25-2',
        insurerId: bradesco,
        premium: '980.00',
        netPremium: '912.65',
        startDate: plusDays(25),
        renewalDate: addMonths(plusDays(25), 12),
        status: 'active',
      },
    });
    const instalments = await api()
      .get(`/api/policies/${renewed.body.newPolicy.id as number}/instalments`)
      .set('Cookie', who.cookie);
    expect(instalments.body).toEqual([expect.objectContaining({ number: 1, dueDate: plusDays(25), expectedCommission: '91.27' })]);
    expect((await list(who, '30')).items).toEqual([]);
    expect((await api().post(`/api/renewals/${item.id}/outcome`).set('Cookie', who.cookie).send({ outcome: 'renewed' })).status).toBe(409);
    expect(
      (await api().post(`/api/renewals/${item.id}/quotes`).set('Cookie', who.cookie).send({ insurerId: porto, premium: '1.00' })).status,
    ).toBe(409);

    const overdue = (await list(who, 'overdue')).items[0]!;
    const lost = await api()
      .post(`/api/renewals/${overdue.id}/outcome`)
      .set('Cookie', who.cookie)
      .send({ outcome: 'lost', reason: 'preco', note: 'Achou mais barato' });
    expect(lost.body).toEqual({ id: overdue.id, outcome: 'lost', reason: 'preco', newPolicy: null });

    const report = await api().get('/api/renewals/report').set('Cookie', who.cookie);
    expect(report.status).toBe(200);
    const byMonth = report.body as {
      month: string;
      due: number;
      renewed: number;
      lost: number;
      rate: string | null;
      insurerName: string;
    }[];
    expect(byMonth.reduce((sum, row) => sum + row.due, 0)).toBeGreaterThanOrEqual(1);
    const thisMonth = byMonth.find((row) => row.month === plusDays(25).slice(0, 7) && row.renewed === 1)!;
    expect(thisMonth).toMatchObject({ insurerName: 'Porto Seguro', renewed: 1 });
    const csv = await api().get('/api/renewals/report.csv').set('Cookie', who.cookie);
    expect(csv.text.startsWith('\uFEFFMês;Seguradora;A vencer;Renovadas;Perdidas;Taxa de renovação;Prêmio a vencer;Prêmio renovado')).toBe(
      true,
    );
    expect((await api().get('/api/renewals/report?from=2026-12&to=2026-01').set('Cookie', who.cookie)).status).toBe(400);
  });

  test("a renewal's quotes in a deal's shape (#60): the first body still read, coverages and commission beside it, the cheapest first; renewing with one wins it and links it", async () => {
    const who = await brokerWithRefs();
    await book(who);
    const item = (await list(who, '30')).items[0]!;
    const [porto, bradesco] = [
      who.refs.insurers.find((i) => i.name === 'Porto Seguro')!.id,
      who.refs.insurers.find((i) => i.name !== 'Porto Seguro')!.id,
    ];
    const post = (body: Record<string, unknown>, as: Who = who) =>
      api().post(`/api/renewals/${item.id}/quotes`).set('Cookie', as.cookie).send(body);
    const first = await post({ insurerId: bradesco, premium: '1100.00', note: 'Cobre vidros' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      renewalId: item.id,
      cardId: null,
      line: 'auto',
      premium: '1100.00',
      totalPremium: '1100.00',
      note: 'Cobre vidros',
      status: 'draft',
      disclosure: null,
    });
    const full = await post({
      insurerId: porto,
      totalPremium: '980.00',
      netPremium: '912.65',
      iof: '67.35',
      paymentOptions: [{ instalments: 4, amount: '245.00', interest: false }],
      deductible: { kind: 'reduzida', amount: '2500.00' },
      coverages: [{ key: 'casco', label: 'Casco', limit: null, detail: '100% FIPE' }],
      commissionPercent: '15.00',
      validUntil: plusDays(20),
    });
    expect(full.status).toBe(201);
    expect(full.body).toMatchObject({ premium: '980.00', commissionAmount: '136.90', coverages: [{ key: 'casco', limit: null }] });

    // Bad input: a pt-BR 400 on its field, nothing written.
    const none = await post({ insurerId: porto });
    expect(none.status).toBe(400);
    expect(none.body.issues).toEqual([{ path: 'premium', message: 'Informe o prêmio cotado' }]);
    expect((await post({ insurerId: porto, totalPremium: '100.00', netPremium: '200.00' })).body.issues).toEqual([
      { path: 'netPremium', message: 'O prêmio líquido não pode passar do total' },
    ]);

    const read = (as: Who) => api().get(`/api/renewals/${item.id}/quotes`).set('Cookie', as.cookie);
    const quotes = await read(who);
    expect(quotes.body.map((quote: { premium: string }) => quote.premium)).toEqual(['980.00', '1100.00']);
    expect((await list(who, '30')).items[0]!.quotes.map((quote) => quote.premium)).toEqual(['1100.00', '980.00']);
    const assistant = await member(who, 'assistant');
    const seen = await read(assistant);
    expect(seen.status).toBe(200);
    expect(seen.body[0]).not.toHaveProperty('commissionPercent');
    expect(seen.body[0]).not.toHaveProperty('commissionAmount');
    expect((await read(await brokerWithRefs())).status).toBe(404);
    expect((await post({ insurerId: porto, premium: '1.00' }, await brokerWithRefs())).status).toBe(404);

    const renewed = await api()
      .post(`/api/renewals/${item.id}/outcome`)
      .set('Cookie', who.cookie)
      .send({ outcome: 'renewed', newPolicy: { quoteId: full.body.id as number } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.newPolicy).toMatchObject({ insurerId: porto, premium: '980.00', quoteId: full.body.id });
    const after = (await read(who)).body as { id: number; status: string }[];
    expect(Object.fromEntries(after.map((quote) => [quote.id, quote.status]))).toEqual({ [full.body.id]: 'won', [first.body.id]: 'lost' });
    expect((await post({ insurerId: porto, premium: '1.00' })).status).toBe(409);
  });

  test('the policies import reads the vehicle (placa, veículo, ano, chassi, FIPE): the renewal and a claim name it, the search finds it by either plate (#60)', async () => {
    const who = await brokerWithRefs();
    const br = (iso: string) => iso.split('-').reverse().join('/');
    const header = 'Apólice;Seguradora;Segurado;Ramo;Início;Fim;Prêmio Total;Placa;Veículo;Ano do modelo;Chassi;FIPE';
    const term = `${br(addMonths(plusDays(20), -12))};${br(plusDays(20))}`;
    // A plate that is none: the row says why, nothing is written.
    const wrong = await importPolicySheet(who, [header, `V-0;Porto Seguro;Carla Dias;Auto;${term};1200,00;AB-12;Onix;2023;;`]);
    expect(JSON.stringify(wrong.preview.rows)).toContain('Placa inválida: use ABC-1234 ou ABC1D23');
    const sheet = await importPolicySheet(who, [
      header,
      `V-1;Porto Seguro;Carla Dias;Auto;${term};1200,00;ABC-1234;Onix 1.0 Turbo;2023;9bwzzz377vt004251;0044071`,
    ]);
    expect(sheet.status).toBe(202);
    const item = (await list(who, '30')).items.find((each) => each.policyNumber === 'V-1')!;
    expect(item.insuredItem).toMatchObject({
      kind: 'vehicle',
      vehicle: { plate: 'ABC1234', model: 'Onix 1.0 Turbo', modelYear: 2023, chassis: '9BWZZZ377VT004251', fipeCode: '004407-1' },
    });
    // The old plate and its Mercosul form find the policy.
    for (const q of ['ABC-1234', 'abc1c34']) {
      const found = await pipelineApi().get('/api/search').query({ q }).set('Cookie', who.cookie);
      expect(found.body.policies.map((hit: { id: number }) => hit.id)).toEqual([item.policyId]);
    }
    const claim = await api()
      .post('/api/claims')
      .set('Cookie', who.cookie)
      .send({ contactId: item.contactId, policyId: item.policyId, type: 'colisao', amount: '1500.00' });
    expect(claim.status).toBe(201);
    expect(claim.body.insuredItem.vehicle.plate).toBe('ABC1234');
    // An update naming no vehicle keeps the one recorded.
    expect((await importPolicySheet(who, [header, `V-1;Porto Seguro;Carla Dias;Auto;${term};1300,00;;;;;`])).status).toBe(202);
    expect((await list(who, '30')).items.find((each) => each.policyNumber === 'V-1')!.insuredItem?.vehicle?.plate).toBe('ABC1234');
    // A row that changes only the plate is an update (not "Sem alterações"): the new plate, the rest of the car kept.
    const plateOnly = await importPolicySheet(who, [header, `V-1;Porto Seguro;Carla Dias;Auto;${term};1300,00;DEF-5678;;;;`]);
    expect(JSON.stringify(plateOnly.preview.rows)).toContain('Atualiza a apólice V-1');
    expect((await list(who, '30')).items.find((each) => each.policyNumber === 'V-1')!.insuredItem).toMatchObject({
      vehicle: { plate: 'DEF5678', model: 'Onix 1.0 Turbo', modelYear: 2023, chassis: '9BWZZZ377VT004251' },
    });
    const again = await importPolicySheet(who, [header, `V-1;Porto Seguro;Carla Dias;Auto;${term};1300,00;DEF-5678;Onix 1.0 Turbo;;;`]);
    expect(JSON.stringify(again.preview.rows)).toContain('Sem alterações: apólice V-1');
  });

  test('another broker’s renewal does not exist for them; bad input is a pt-BR 400; a taken number is a 409', async () => {
    const who = await brokerWithRefs();
    const other = await brokerWithRefs();
    await book(who);
    const [item] = (await list(who, '30')).items;
    const porto = other.refs.insurers[0]!.id;
    expect(
      (await api().post(`/api/renewals/${item!.id}/quotes`).set('Cookie', other.cookie).send({ insurerId: porto, premium: '1.00' })).status,
    ).toBe(404);
    expect(
      (await api().post(`/api/renewals/${item!.id}/outcome`).set('Cookie', other.cookie).send({ outcome: 'lost', reason: 'preco' })).status,
    ).toBe(404);
    // My renewal, the other broker's insurer: refused.
    expect(
      (await api().post(`/api/renewals/${item!.id}/quotes`).set('Cookie', who.cookie).send({ insurerId: porto, premium: '1.00' })).body
        .message,
    ).toBe('Selecione uma das suas seguradoras.');
    expect(
      (await api().post(`/api/renewals/${item!.id}/quotes`).set('Cookie', who.cookie).send({ insurerId: 1, premium: 12.5 })).status,
    ).toBe(400);
    expect((await api().get('/api/renewals?bucket=45').set('Cookie', who.cookie)).status).toBe(400);
    const taken = await api()
      .post(`/api/renewals/${item!.id}/outcome`)
      .set('Cookie', who.cookie)
      .send({ outcome: 'renewed', newPolicy: { policyNumber: 'R-50' } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Já existe uma apólice desta seguradora com este número.');
    expect((await list(who, '30')).items).toHaveLength(1);
    expect((await list(other)).items).toEqual([]);
    expect(
      (await api().post(`/api/renewals/${item!.id}/quotes`).set('Cookie', who.cookie).send({ insurerId: 1, premium: '100000000000.00' }))
        .status,
    ).toBe(400);
    expect(
      (
        await api()
          .post(`/api/renewals/${item!.id}/outcome`)
          .set('Cookie', who.cookie)
          .send({ outcome: 'lost', reason: 'preco', note: 'x'.repeat(501) })
      ).status,
    ).toBe(400);
  });

  test('a renewal’s next action: set, read back, cleared; refused without its type, once decided, for another broker', async () => {
    const who = await brokerWithRefs();
    await book(who);
    const [item] = (await list(who, '30')).items;
    expect((item as unknown as { nextAction: unknown }).nextAction).toBeNull();
    const path = `/api/renewals/${item!.id}/next-action`;
    const set = await api()
      .put(path)
      .set('Cookie', who.cookie)
      .send({ dueAt: '2026-12-01T12:00:00.000Z', type: 'ligar', note: 'Oferecer a Bradesco' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      id: item!.id,
      nextAction: { dueAt: '2026-12-01T12:00:00.000Z', type: 'ligar', note: 'Oferecer a Bradesco' },
    });
    expect(((await list(who, '30')).items[0] as unknown as { nextAction: unknown }).nextAction).toEqual(set.body.nextAction);
    const noType = await api().put(path).set('Cookie', who.cookie).send({ dueAt: '2026-12-01T12:00:00.000Z' });
    expect(noType.body.issues).toEqual([{ path: 'type', message: 'Escolha o tipo da próxima ação' }]);
    expect((await api().put(path).set('Cookie', who.cookie).send({ dueAt: 'amanhã', type: 'ligar' })).status).toBe(400);
    const other = await brokerWithRefs();
    expect((await api().put(path).set('Cookie', other.cookie).send({ dueAt: null })).status).toBe(404);
    expect((await api().put(path).set('Cookie', who.cookie).send({ dueAt: null })).body).toEqual({ id: item!.id, nextAction: null });
    await api().post(`/api/renewals/${item!.id}/outcome`).set('Cookie', who.cookie).send({ outcome: 'lost', reason: 'outro' });
    expect((await api().put(path).set('Cookie', who.cookie).send({ dueAt: null })).status).toBe(409);
  });

  test('ten parallel renewals of one item make one next-term policy; the others are told it was decided', async () => {
    const who = await brokerWithRefs();
    await book(who);
    const [item] = (await list(who, '30')).items;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api().post(`/api/renewals/${item!.id}/outcome`).set('Cookie', who.cookie).send({ outcome: 'renewed' }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const policies = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { policyNumber: string }[];
    expect(policies.filter((policy) => policy.policyNumber.startsWith('R-25-R'))).toHaveLength(1);
  });
});
