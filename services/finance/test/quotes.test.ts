import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { EXAMPLE_BROKERAGE } from '@corretora/contracts/examples';
import { pdfText } from './pdf-text';
import { type Who, binaryBody, financeStack } from './stack';

const { api, pipelineApi, brokerApi, brokerWithRefs, member, newLead, issue, finalize, finalizedCard, urls } = financeStack();

// The smallest valid PNG (1x1): a logo pdfkit reads.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const CAR = {
  kind: 'vehicle',
  vehicle: {
    plate: 'rio-2a18',
    chassis: '9BWZZZ377VT004251',
    make: 'Chevrolet',
    model: 'Onix 1.0 Turbo',
    manufactureYear: 2022,
    modelYear: 2023,
    fipeCode: '0044071',
    use: 'particular',
    overnightCep: '01310-100',
    mainDriver: { name: 'Maria Souza', cpf: '529.982.247-25', birthDate: '15/03/1985' },
  },
};

/** Six insurers' offers for one car, as a broker types them: the first whole, the others its copies with new figures. */
function quoteBody(insurerId: number, total: string, net: string, extra: Record<string, unknown> = {}) {
  return {
    insurerId,
    line: 'auto',
    totalPremium: total,
    netPremium: net,
    iof: '100.00',
    paymentOptions: [
      { instalments: 1, amount: total, interest: false },
      { instalments: 10, amount: '250.00', interest: true },
    ],
    deductible: { kind: 'normal', amount: '3500.00' },
    coverages: [
      { key: 'casco', label: 'Casco', limit: null, detail: '100% FIPE' },
      { key: 'rcf_danos_materiais', label: 'RCF — danos materiais', limit: '100000.00' },
      { key: 'carro_reserva', label: 'Carro reserva', limit: null, detail: '15 dias' },
    ],
    commissionPercent: '17.33',
    validUntil: '2027-01-15',
    insurerQuoteNumber: 'COT-123',
    ...extra,
  };
}

async function dealFor(owner: Who, responsible: Who) {
  const productId = owner.refs.products.find((product) => product.name === 'Seguro Auto')!.id;
  const created = await newLead(owner, { name: 'Maria Souza', phone: '(11) 98765-4321', productId });
  expect(created.status).toBe(201);
  const card = created.body as { id: number; contactId: number };
  if (responsible !== owner) {
    const given = await pipelineApi()
      .post('/api/contacts/reassign')
      .set('Cookie', owner.cookie)
      .send({ ids: [card.contactId], responsibleId: responsible.user.memberId });
    expect(given.status).toBe(200);
  }
  return card;
}

describe('quotes on a deal (#60): the car, six insurers side by side, who reads what', () => {
  test('the car is recorded on the deal and found by its plate, old or Mercosul, with or without the hyphen', async () => {
    const owner = await brokerWithRefs();
    const card = await dealFor(owner, owner);
    const saved = await pipelineApi()
      .put(`/api/pipeline-cards/${card.id}/insured-item`)
      .set('Cookie', owner.cookie)
      .send({ insuredItem: CAR });
    expect(saved.status).toBe(200);
    expect(saved.body.insuredItem.vehicle).toMatchObject({ plate: 'RIO2A18', fipeCode: '004407-1', chassis: '9BWZZZ377VT004251' });
    expect(saved.body.insuredItem.vehicle.mainDriver).toEqual({ name: 'Maria Souza', cpf: '52998224725', birthDate: '1985-03-15' });
    // RIO-2018 became RIO2A18 with Mercosul: both find it.
    for (const q of ['RIO2A18', 'rio-2a18', 'RIO-2018', 'rio2018']) {
      const found = await pipelineApi().get('/api/search').query({ q }).set('Cookie', owner.cookie);
      expect(found.status).toBe(200);
      expect({ q, cards: found.body.cards.map((hit: { id: number }) => hit.id) }).toEqual({ q, cards: [card.id] });
      expect(found.body.clients.map((hit: { id: number }) => hit.id)).toContain(card.contactId);
    }
    // Another brokerage's search never finds it.
    const other = await brokerWithRefs();
    expect((await pipelineApi().get('/api/search').query({ q: 'RIO2A18' }).set('Cookie', other.cookie)).body.cards).toEqual([]);
    // A plate that is none, a chassis of 16: the field's pt-BR message, nothing changed.
    const wrong = await pipelineApi()
      .put(`/api/pipeline-cards/${card.id}/insured-item`)
      .set('Cookie', owner.cookie)
      .send({ insuredItem: { kind: 'vehicle', vehicle: { plate: 'AB-12', chassis: '9BWZZZ377VT00425' } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues.map((issue: { path: string }) => issue.path).sort()).toEqual([
      'insuredItem.vehicle.chassis',
      'insuredItem.vehicle.plate',
    ]);
    expect(
      (await pipelineApi().put(`/api/pipeline-cards/${card.id}/insured-item`).set('Cookie', other.cookie).send({ insuredItem: CAR }))
        .status,
    ).toBe(404);
    const after = await pipelineApi().get('/api/pipeline').set('Cookie', owner.cookie);
    expect(after.body.find((entry: { id: number }) => entry.id === card.id).insuredItem.vehicle.plate).toBe('RIO2A18');
  });

  test('six quotes, the cheapest first, the commission in reais to the centavo; the deal lends its car to each', async () => {
    const owner = await brokerWithRefs();
    const card = await dealFor(owner, owner);
    await pipelineApi().put(`/api/pipeline-cards/${card.id}/insured-item`).set('Cookie', owner.cookie).send({ insuredItem: CAR });
    const insurers = owner.refs.insurers.slice(0, 6);
    expect(insurers).toHaveLength(6);
    const totals = ['3120.40', '2890.10', '3500.00', '2750.99', '3010.00', '2999.99'];
    for (const [index, insurer] of insurers.entries()) {
      const total = totals[index]!;
      const net = ((Math.round(Number(total) * 100) - 10000) / 100).toFixed(2);
      const created = await api()
        .post(`/api/pipeline-cards/${card.id}/quotes`)
        .set('Cookie', owner.cookie)
        .send(quoteBody(insurer.id, total, net));
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        cardId: card.id,
        contactId: card.contactId,
        totalPremium: total,
        netPremium: net,
        status: 'draft',
      });
      expect(created.body.insuredItem.vehicle.plate).toBe('RIO2A18');
    }
    const listed = await api().get(`/api/pipeline-cards/${card.id}/quotes`).set('Cookie', owner.cookie);
    expect(listed.status).toBe(200);
    expect(listed.body.map((quote: { totalPremium: string }) => quote.totalPremium)).toEqual([...totals].sort());
    // 2650.99 × 17,33% = 459,416567 → R$ 459,42.
    const cheapest = listed.body[0];
    expect(cheapest).toMatchObject({ netPremium: '2650.99', commissionPercent: '17.33', commissionAmount: '459.42' });
    expect(cheapest.paymentOptions).toEqual([
      { instalments: 1, amount: '2750.99', interest: false },
      { instalments: 10, amount: '250.00', interest: true },
    ]);
    expect(cheapest.coverages[1]).toEqual({ key: 'rcf_danos_materiais', label: 'RCF — danos materiais', limit: '100000.00', detail: null });
    expect(cheapest.deductible).toEqual({ kind: 'normal', amount: '3500.00' });

    const marked = await api()
      .patch(`/api/quotes/${cheapest.id}`)
      .set('Cookie', owner.cookie)
      .send({ status: 'recommended', netPremium: null });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ status: 'recommended', netPremium: null, commissionAmount: null, totalPremium: '2750.99' });
    // What closing a deal writes is not the PATCH's to say.
    expect((await api().patch(`/api/quotes/${cheapest.id}`).set('Cookie', owner.cookie).send({ status: 'won' })).status).toBe(400);
    expect((await api().delete(`/api/quotes/${listed.body[5].id}`).set('Cookie', owner.cookie)).status).toBe(204);
    expect((await api().get(`/api/pipeline-cards/${card.id}/quotes`).set('Cookie', owner.cookie)).body).toHaveLength(5);

    const coverages = await api().get('/api/lines/auto/coverages').set('Cookie', owner.cookie);
    expect(coverages.status).toBe(200);
    expect(coverages.body).toMatchObject({ line: 'auto', label: 'Auto', insuredItemKind: 'vehicle' });
    expect(coverages.body.coverages.map((coverage: { key: string }) => coverage.key)).toEqual(
      expect.arrayContaining([
        'casco',
        'rcf_danos_materiais',
        'rcf_danos_corporais',
        'app_morte',
        'vidros',
        'carro_reserva',
        'assistencia_24h',
      ]),
    );
    expect((await api().get('/api/lines/vida/coverages').set('Cookie', owner.cookie)).body.insuredItemKind).toBe('persons');
    expect((await api().get('/api/lines/naval/coverages').set('Cookie', owner.cookie)).status).toBe(404);
    expect((await api().get('/api/lines/auto/coverages')).status).toBe(401);
  });

  test("a producer reads only their own deals' quotes, an assistant reads them without the commission, another brokerage nothing", async () => {
    const owner = await brokerWithRefs();
    const paulo = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    const ana = await member(owner, 'assistant');
    const card = await dealFor(owner, paulo);
    const insurer = owner.refs.insurers[0]!.id;
    const mine = await api()
      .post(`/api/pipeline-cards/${card.id}/quotes`)
      .set('Cookie', paulo.cookie)
      .send(quoteBody(insurer, '2000.00', '1900.00'));
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ responsibleId: paulo.user.memberId, commissionPercent: '17.33', commissionAmount: '329.27' });

    // Bruno, another producer: the deal and its quotes are not there for him.
    expect((await api().get(`/api/pipeline-cards/${card.id}/quotes`).set('Cookie', bruno.cookie)).status).toBe(404);
    expect(
      (
        await api()
          .post(`/api/pipeline-cards/${card.id}/quotes`)
          .set('Cookie', bruno.cookie)
          .send(quoteBody(insurer, '1.00', '1.00'))
      ).status,
    ).toBe(404);
    expect((await api().patch(`/api/quotes/${mine.body.id}`).set('Cookie', bruno.cookie).send({ status: 'sent' })).status).toBe(404);
    expect((await api().delete(`/api/quotes/${mine.body.id}`).set('Cookie', bruno.cookie)).status).toBe(404);

    // Ana, the assistant: the quotes, never the commission (the key is absent, not null).
    const read = await api().get(`/api/pipeline-cards/${card.id}/quotes`).set('Cookie', ana.cookie);
    expect(read.status).toBe(200);
    expect(read.body).toHaveLength(1);
    expect(read.body[0]).not.toHaveProperty('commissionPercent');
    expect(read.body[0]).not.toHaveProperty('commissionAmount');
    expect(read.body[0].totalPremium).toBe('2000.00');
    const typed = await api()
      .post(`/api/pipeline-cards/${card.id}/quotes`)
      .set('Cookie', ana.cookie)
      .send(quoteBody(insurer, '2100.00', '2000.00'));
    expect(typed.status).toBe(201);
    expect(typed.body).not.toHaveProperty('commissionPercent');
    expect(typed.body.responsibleId).toBe(paulo.user.memberId);

    // The owner sees both, with the commission.
    const all = await api().get(`/api/pipeline-cards/${card.id}/quotes`).set('Cookie', owner.cookie);
    expect(all.body.map((quote: { commissionPercent: string }) => quote.commissionPercent)).toEqual(['17.33', '17.33']);

    // Another brokerage: every id is one that does not exist.
    const other = await brokerWithRefs();
    expect((await api().get(`/api/pipeline-cards/${card.id}/quotes`).set('Cookie', other.cookie)).status).toBe(404);
    expect((await api().patch(`/api/quotes/${mine.body.id}`).set('Cookie', other.cookie).send({ status: 'sent' })).status).toBe(404);
    expect((await api().delete(`/api/quotes/${mine.body.id}`).set('Cookie', other.cookie)).status).toBe(404);
    expect((await api().patch('/api/quotes/99999999999').set('Cookie', owner.cookie).send({ status: 'sent' })).status).toBe(404);
    expect((await api().get('/api/pipeline-cards/abc/quotes').set('Cookie', owner.cookie)).status).toBe(404);
  });

  test('bad input is a pt-BR 400 on its field and nothing is written', async () => {
    const owner = await brokerWithRefs();
    const other = await brokerWithRefs();
    const card = await dealFor(owner, owner);
    const post = (body: unknown) =>
      api()
        .post(`/api/pipeline-cards/${card.id}/quotes`)
        .set('Cookie', owner.cookie)
        .send(body as object);
    const insurer = owner.refs.insurers[0]!.id;
    const cases: [unknown, string][] = [
      [{}, 'insurerId'],
      [quoteBody(other.refs.insurers[0]!.id, '100.00', '90.00'), 'insurerId'],
      [quoteBody(insurer, '100.00', '190.00'), 'netPremium'],
      [quoteBody(insurer, '-1.00', null as never), 'totalPremium'],
      [quoteBody(insurer, '100,5.0', '90.00'), 'totalPremium'],
      [quoteBody(insurer, '100.00', '90.00', { commissionPercent: '100.01' }), 'commissionPercent'],
      [quoteBody(insurer, '100.00', '90.00', { paymentOptions: [{ instalments: 13, amount: '10.00' }] }), 'paymentOptions.0.instalments'],
      [
        quoteBody(insurer, '100.00', '90.00', { coverages: Array.from({ length: 41 }, (_, i) => ({ key: `c${i}`, label: 'X' })) }),
        'coverages',
      ],
      [
        quoteBody(insurer, '100.00', '90.00', {
          coverages: [
            { key: 'casco', label: 'A' },
            { key: 'casco', label: 'B' },
          ],
        }),
        'coverages',
      ],
      [quoteBody(insurer, '100.00', '90.00', { coverages: [{ key: 'Casco!', label: 'A' }] }), 'coverages.0.key'],
      [quoteBody(insurer, '100.00', '90.00', { validUntil: '31/02/2027' }), 'validUntil'],
      [quoteBody(insurer, '100.00', '90.00', { documentId: 999999 }), 'documentId'],
      [quoteBody(insurer, '100.00', '90.00', { line: 'naval' }), 'line'],
      [quoteBody(insurer, '100.00', '90.00', { insurerQuoteNumber: 'x'.repeat(41) }), 'insurerQuoteNumber'],
    ];
    for (const [body, path] of cases) {
      const answer = await post(body);
      expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      expect(answer.body.issues.map((issue: { path: string }) => issue.path)).toContain(path);
      expect(answer.body.message).not.toMatch(/Invalid|Expected/);
    }
    const notAnObject = await api()
      .post(`/api/pipeline-cards/${card.id}/quotes`)
      .set('Cookie', owner.cookie)
      .set('Content-Type', 'application/json')
      .send('[1,2]');
    expect(notAnObject.status).toBe(400);
    expect((await api().get(`/api/pipeline-cards/${card.id}/quotes`).set('Cookie', owner.cookie)).body).toEqual([]);
    const made = await post(quoteBody(insurer, '100.00', '90.00'));
    expect((await api().patch(`/api/quotes/${made.body.id}`).set('Cookie', owner.cookie).send({ netPremium: '100.01' })).status).toBe(400);
    expect(
      (await api().patch(`/api/quotes/${made.body.id}`).set('Cookie', owner.cookie).send({ totalPremium: '80.00', netPremium: '90.00' }))
        .status,
    ).toBe(400);
    // Parallel edits of one quote: each answers, the last write stands, none is a 5xx.
    const edits = await Promise.all(
      ['101.00', '102.00', '103.00', '104.00'].map((total) =>
        api().patch(`/api/quotes/${made.body.id}`).set('Cookie', owner.cookie).send({ totalPremium: total }),
      ),
    );
    expect(edits.map((edit) => edit.status)).toEqual([200, 200, 200, 200]);
  });

  test('"Fechar com esta cotação": the card in Finalizado with the quote\'s figures, the others lost, and the policy issued from it equal to the quote, its car and its link', async () => {
    const owner = await brokerWithRefs();
    const card = await dealFor(owner, owner);
    await pipelineApi().put(`/api/pipeline-cards/${card.id}/insured-item`).set('Cookie', owner.cookie).send({ insuredItem: CAR });
    const [first, second] = owner.refs.insurers;
    const chosen = await api()
      .post(`/api/pipeline-cards/${card.id}/quotes`)
      .set('Cookie', owner.cookie)
      .send(quoteBody(first!.id, '2750.99', '2500.00', { iof: '184.50' }));
    const other = await api()
      .post(`/api/pipeline-cards/${card.id}/quotes`)
      .set('Cookie', owner.cookie)
      .send(quoteBody(second!.id, '3000.00', '2800.00'));
    // Without a net premium there is nothing to pay commission on: refused, nothing moved.
    await api().patch(`/api/quotes/${other.body.id}`).set('Cookie', owner.cookie).send({ netPremium: null });
    expect((await api().post(`/api/quotes/${other.body.id}/win`).set('Cookie', owner.cookie).send({})).status).toBe(409);
    expect(
      (
        await api()
          .post(`/api/quotes/${chosen.body.id}/win`)
          .set('Cookie', owner.cookie)
          .send({ startDate: '2027-01-10', endDate: '2026-01-10' })
      ).status,
    ).toBe(400);

    const won = await api().post(`/api/quotes/${chosen.body.id}/win`).set('Cookie', owner.cookie).send({ startDate: '10/01/2027' });
    expect(won.status).toBe(200);
    expect(won.body).toMatchObject({
      id: card.id,
      stage: 'closed',
      insurerId: first!.id,
      startDate: '2027-01-10',
      endDate: '2028-01-10',
      premioLiquido: '2500.00',
      iof: '184.50',
      juros: '66.49',
      totalPremium: '2750.99',
      commissionPercentage: '17.33',
      commissionAmount: '433.25',
      quoteId: chosen.body.id,
    });
    const quotes = (await api().get(`/api/pipeline-cards/${card.id}/quotes`).set('Cookie', owner.cookie)).body as {
      id: number;
      status: string;
    }[];
    expect(Object.fromEntries(quotes.map((quote) => [quote.id, quote.status]))).toEqual({
      [chosen.body.id]: 'won',
      [other.body.id]: 'lost',
    });
    // The won quote is the deal's record now: no edit, no removal, no second win.
    expect((await api().patch(`/api/quotes/${chosen.body.id}`).set('Cookie', owner.cookie).send({ totalPremium: '1.00' })).status).toBe(
      409,
    );
    expect((await api().delete(`/api/quotes/${chosen.body.id}`).set('Cookie', owner.cookie)).status).toBe(409);
    expect((await api().post(`/api/quotes/${chosen.body.id}/win`).set('Cookie', owner.cookie).send({})).status).toBe(409);

    const issued = await issue(owner, card.id);
    expect(issued.status).toBe(200);
    const policy = await api().get(`/api/policies/${issued.body.policyId}`).set('Cookie', owner.cookie);
    expect(policy.body).toMatchObject({
      premium: '2750.99',
      netPremium: '2500.00',
      insurerId: first!.id,
      startDate: '2027-01-10',
      renewalDate: '2028-01-10',
      commissionType: 'percentage',
      commissionValue: '17.33',
      quoteId: chosen.body.id,
    });
    expect(policy.body.insuredItem.vehicle.plate).toBe('RIO2A18');
    // The policy is found by the car's plate too.
    const found = await pipelineApi().get('/api/search').query({ q: 'RIO-2018' }).set('Cookie', owner.cookie);
    expect(found.body.policies.map((hit: { id: number }) => hit.id)).toContain(issued.body.policyId);
    // The won/lost report: this month, by insurer and line; a producer's holds only their own deals.
    const report = await api().get('/api/quotes/report').set('Cookie', owner.cookie);
    expect(report.status).toBe(200);
    expect(report.body.rows).toEqual(
      expect.arrayContaining([
        { insurerId: first!.id, insurerName: first!.name, line: 'auto', won: 1, lost: 0, winRate: '1.00', wonPremium: '2750.99' },
        { insurerId: second!.id, insurerName: second!.name, line: 'auto', won: 0, lost: 1, winRate: '0.00', wonPremium: '0.00' },
      ]),
    );
    const csv = await api().get('/api/quotes/report.csv').set('Cookie', owner.cookie);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain(`${first!.name};Auto;1;0;100,00%;2750,99`);
    expect((await api().get('/api/quotes/report?from=2026-13').set('Cookie', owner.cookie)).status).toBe(400);
    expect((await api().get('/api/quotes/report?from=2026-10&to=2026-01').set('Cookie', owner.cookie)).status).toBe(400);
    const producer = await member(owner, 'producer');
    expect((await api().get('/api/quotes/report').set('Cookie', producer.cookie)).body.rows).toEqual([]);
    // An issued deal takes no new quote.
    expect(
      (
        await api()
          .post(`/api/pipeline-cards/${card.id}/quotes`)
          .set('Cookie', owner.cookie)
          .send(quoteBody(first!.id, '1.00', '1.00'))
      ).status,
    ).toBe(409);
    // Another brokerage cannot close with it.
    const stranger = await brokerWithRefs();
    expect((await api().post(`/api/quotes/${other.body.id}/win`).set('Cookie', stranger.cookie).send({})).status).toBe(404);
  });

  test('the CNSP 382 disclosure: items I–III from the profile, the remuneration in reais to the centavo, the PDF kept with its SHA-256 on the timeline; sent by e-mail or WhatsApp', async () => {
    const owner = await brokerWithRefs();
    const paulo = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    const ana = await member(owner, 'assistant');
    // Items I–III: the managers write them, everyone reads them; the rules hold.
    const items = {
      insurerHoldings: [],
      insurerOwners: [{ insurer: 'Seguradora Acionista S.A.', percent: '12.50' }],
      exclusive: false,
      insurers: [],
    };
    expect((await brokerApi().put('/api/broker-profile/disclosure').set('Cookie', paulo.cookie).send(items)).status).toBe(403);
    const refused = await brokerApi()
      .put('/api/broker-profile/disclosure')
      .set('Cookie', owner.cookie)
      .send({ insurerHoldings: [{ insurer: 'X', percent: '5.00' }], exclusive: true, insurers: [] });
    expect(refused.status).toBe(400);
    expect(refused.body.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['insurerHoldings.0.percent', 'insurers']);
    const saved = await brokerApi().put('/api/broker-profile/disclosure').set('Cookie', owner.cookie).send(items);
    expect(saved.status).toBe(200);
    expect((await brokerApi().get('/api/broker-profile/disclosure').set('Cookie', ana.cookie)).body).toMatchObject({
      insurerOwners: [{ insurer: 'Seguradora Acionista S.A.', percent: '12.50' }],
      exclusive: false,
    });

    const card = await dealFor(owner, paulo);
    const quote = await api()
      .post(`/api/pipeline-cards/${card.id}/quotes`)
      .set('Cookie', paulo.cookie)
      .send(quoteBody(owner.refs.insurers[0]!.id, '2750.99', '2650.99'));
    const send = (who: Who, body: Record<string, unknown>) =>
      api().post(`/api/quotes/${quote.body.id}/disclosure`).set('Cookie', who.cookie).send(body);
    // Only who sees money sends it (it names the remuneration); another producer's or brokerage's quote is not there.
    expect((await send(ana, { channel: 'download' })).status).toBe(403);
    expect((await send(bruno, { channel: 'download' })).status).toBe(404);
    expect((await send(await brokerWithRefs(), { channel: 'download' })).status).toBe(404);
    expect((await send(paulo, { channel: 'fax' })).status).toBe(400);
    // No e-mail on the client: the broker says where.
    const noEmail = await send(paulo, { channel: 'email' });
    expect([noEmail.status, noEmail.body.issues?.[0]?.path]).toEqual([400, 'email']);

    const downloaded = await send(paulo, { channel: 'download' });
    expect(downloaded.status).toBe(201);
    // 2650,99 × 17,33% = 459,416567 → R$ 459,42.
    expect(downloaded.body).toMatchObject({ channel: 'download', commercialPremium: '2650.99', remuneration: '459.42', whatsappUrl: null });
    expect(downloaded.body.sha256).toMatch(/^[0-9a-f]{64}$/);
    const file = await api()
      .get(`/api/documents/${downloaded.body.id}/download`)
      .set('Cookie', paulo.cookie)
      .buffer(true)
      .parse(binaryBody);
    expect(file.status).toBe(200);
    expect((file.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      createHash('sha256')
        .update(file.body as Buffer)
        .digest('hex'),
    ).toBe(downloaded.body.sha256);
    // What the PDF says, read from its text: item IV to the centavo, and items I–III.
    const printed = pdfText(file.body as Buffer);
    for (const said of ['R$ 459,42', 'Prêmio comercial: R$ 2.650,99', 'Seguradora Acionista S.A.: 12,50%', 'III — Exclusividade'])
      expect(printed).toContain(said);

    const mailed = await send(paulo, { channel: 'email', email: 'maria@example.com' });
    expect(mailed.status).toBe(201);
    const mails = await Promise.all((await readdir(urls.outbox)).map((name) => readFile(`${urls.outbox}/${name}`, 'utf8')));
    const mail = mails.find((text) => text.includes('maria@example.com') && text.includes(mailed.body.sha256));
    expect(mail).toBeDefined();
    for (const said of [
      'R$ 459,42',
      'R$ 2.650,99',
      'Seguradora Acionista S.A.: 12,50%',
      'não detém participação de 10% ou mais',
      'Seguradoras com que trabalha',
    ])
      expect(JSON.parse(mail!).text).toContain(said);

    const whatsapp = await send(paulo, { channel: 'whatsapp' });
    expect(whatsapp.status).toBe(201);
    expect(whatsapp.body.whatsappUrl).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);

    // The timeline keeps each send with its hash; the quote says the last one.
    const timeline = await pipelineApi().get(`/api/contacts/${card.contactId}/timeline`).set('Cookie', paulo.cookie);
    const sent = timeline.body.entries.filter((entry: { kind: string }) => entry.kind === 'sent');
    expect(sent.map((entry: { channel: string; sha256: string }) => [entry.channel, entry.sha256])).toEqual([
      ['whatsapp', whatsapp.body.sha256],
      ['email', mailed.body.sha256],
      ['download', downloaded.body.sha256],
    ]);
    expect(sent[0].text).toContain('remuneração R$ 459,42');
    const listed = await api().get(`/api/pipeline-cards/${card.id}/quotes`).set('Cookie', paulo.cookie);
    expect(listed.body[0].disclosure).toMatchObject({ channel: 'whatsapp', sha256: whatsapp.body.sha256 });
  });
  test('the CNSP 382 disclosure made a block in Configurações: the finalize form, "Fechar com esta cotação" and the issue wait for it; off, the deal only says it is missing', async () => {
    const owner = await brokerWithRefs();
    const paulo = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    const ana = await member(owner, 'assistant');
    const settings = (who: Who, body?: unknown) =>
      body === undefined
        ? api().get('/api/quotes/settings').set('Cookie', who.cookie)
        : api()
            .put('/api/quotes/settings')
            .set('Cookie', who.cookie)
            .send(body as object);
    expect((await settings(paulo)).body).toEqual({ disclosureRequired: false, updatedAt: null });
    // Owners and managers set it; a producer or an assistant reads it; a bad body is a pt-BR 400.
    expect((await settings(paulo, { disclosureRequired: true })).status).toBe(403);
    expect((await settings(ana, { disclosureRequired: true })).status).toBe(403);
    const bad = await settings(owner, { disclosureRequired: 'sim' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'disclosureRequired', message: 'Informe se o informe CNSP 382 é obrigatório' }]);
    expect((await settings(owner, {})).status).toBe(400);

    // Off: a deal closes without it, and its state says what is missing.
    const before = await finalizedCard(owner);
    const status = (who: Who, cardId: number) => api().get(`/api/pipeline-cards/${cardId}/disclosure-status`).set('Cookie', who.cookie);
    expect((await status(owner, before.id)).body).toEqual({ required: false, sent: false, sentAt: null, quoteId: null });

    const on = await settings(owner, { disclosureRequired: true });
    expect(on.status).toBe(200);
    expect(on.body.disclosureRequired).toBe(true);
    expect((await settings(await brokerWithRefs())).body.disclosureRequired).toBe(false);

    // On: the card finalized before the rule is not issued until its client gets the disclosure.
    const held = await issue(owner, before.id);
    expect(held.status).toBe(409);
    expect(held.body.message).toMatch(/^Informe CNSP 382 não enviado: /);

    const card = await dealFor(owner, paulo);
    expect((await status(paulo, card.id)).body).toEqual({ required: true, sent: false, sentAt: null, quoteId: null });
    // Another producer's deal, or another brokerage's, has no state to read.
    expect((await status(bruno, card.id)).status).toBe(404);
    expect((await status(await brokerWithRefs(), card.id)).status).toBe(404);
    const typed = await finalize(paulo, card.id, { insurerId: owner.refs.insurers[0]!.id });
    expect(typed.status).toBe(409);
    expect(typed.body.message).toMatch(/^Informe CNSP 382 não enviado: /);
    const [first, second] = owner.refs.insurers;
    const cheap = await api()
      .post(`/api/pipeline-cards/${card.id}/quotes`)
      .set('Cookie', paulo.cookie)
      .send(quoteBody(first!.id, '2750.99', '2500.00'));
    const other = await api()
      .post(`/api/pipeline-cards/${card.id}/quotes`)
      .set('Cookie', paulo.cookie)
      .send(quoteBody(second!.id, '3000.00', '2800.00'));
    expect((await api().post(`/api/quotes/${cheap.body.id}/win`).set('Cookie', paulo.cookie).send({})).status).toBe(409);
    // The disclosure of another quote does not open this one; its own does.
    expect(
      (await api().post(`/api/quotes/${other.body.id}/disclosure`).set('Cookie', paulo.cookie).send({ channel: 'download' })).status,
    ).toBe(201);
    expect((await status(paulo, card.id)).body).toMatchObject({ required: true, sent: true, quoteId: other.body.id });
    expect((await api().post(`/api/quotes/${cheap.body.id}/win`).set('Cookie', paulo.cookie).send({})).status).toBe(409);
    const board = await pipelineApi().get('/api/pipeline-cards').set('Cookie', paulo.cookie);
    expect(board.body.find((each: { id: number }) => each.id === card.id).stage).not.toBe('closed');
    expect(
      (await api().post(`/api/quotes/${cheap.body.id}/disclosure`).set('Cookie', paulo.cookie).send({ channel: 'download' })).status,
    ).toBe(201);
    expect((await api().post(`/api/quotes/${cheap.body.id}/win`).set('Cookie', paulo.cookie).send({})).status).toBe(200);
    const sent = (await status(ana, card.id)).body;
    expect(sent).toMatchObject({ required: true, sent: true, quoteId: cheap.body.id });
    expect(new Date(sent.sentAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await issue(paulo, card.id)).status).toBe(200);

    // Off again: the first card is issued with only the warning left on its state.
    expect((await settings(owner, { disclosureRequired: false })).status).toBe(200);
    expect((await issue(owner, before.id)).status).toBe(200);
  });

  test("a sheet of quotes, one a row, with the line's coverages by their column names: all made, or none with each row's error", async () => {
    const owner = await brokerWithRefs();
    const paulo = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    const ana = await member(owner, 'assistant');
    const card = await dealFor(owner, paulo);
    await pipelineApi().put(`/api/pipeline-cards/${card.id}/insured-item`).set('Cookie', paulo.cookie).send({ insuredItem: CAR });
    const [first, second] = owner.refs.insurers;
    const header =
      'Seguradora;Prêmio total;Prêmio líquido;IOF;Comissão;Franquia;Parcelas;Valor da parcela;Validade;Nº da cotação;Casco;Vidros;Carro reserva';
    const send = (who: Who, lines: string[], cardId = card.id) =>
      api()
        .post(`/api/pipeline-cards/${cardId}/quotes/import`)
        .set('Cookie', who.cookie)
        .field('line', 'auto')
        .attach('file', Buffer.from(lines.join('\r\n'), 'utf8'), 'cotacoes.csv');
    const count = async () => (await api().get(`/api/pipeline-cards/${card.id}/quotes`).set('Cookie', owner.cookie)).body.length as number;

    // A row in error (an insurer not registered, a premium that is none): nothing is made, each row says why.
    const wrong = await send(paulo, [
      header,
      `${first!.name};2.750,99;2.500,00;184,50;15;3.500,00;10;290,00;15/01/2027;P-1;100% FIPE;1.500,00;15 dias`,
      'Seguradora Nenhuma;2.600,00;;;;;;;;;;;',
      `${second!.name};dois mil;;;;;;;;;;;`,
    ]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('A planilha tem linhas com erro: nenhuma cotação foi importada. Corrija e envie de novo.');
    expect(wrong.body.issues).toEqual([
      { path: 'linha 3.insurer', message: 'Seguradora não cadastrada: Seguradora Nenhuma' },
      { path: 'linha 4.totalPremium', message: 'Prêmio total: Valor inválido: use 1.234,56' },
    ]);
    expect(await count()).toBe(0);
    expect((await send(paulo, ['Cliente;Valor', 'Maria;10,00'])).body.message).toBe(
      'A planilha precisa das colunas Seguradora e Prêmio total (uma cotação por linha).',
    );

    const made = await send(paulo, [
      header,
      `${first!.name};2.750,99;2.500,00;184,50;15;3.500,00;10;290,00;15/01/2027;P-1;100% FIPE;1.500,00;15 dias`,
      `${second!.name.toUpperCase()};2.600,00;2.400,00;177,12;12,5;4.000,00;;;;B-2;100% FIPE;;`,
    ]);
    expect(made.status).toBe(201);
    expect(made.body.columns).toMatchObject({ Seguradora: 'Seguradora', 'Prêmio total': 'Prêmio total', 'Carro reserva': 'Carro reserva' });
    expect(made.body.quotes.map((quote: { totalPremium: string }) => quote.totalPremium)).toEqual(['2600.00', '2750.99']);
    expect(made.body.quotes[1]).toMatchObject({
      insurerId: first!.id,
      line: 'auto',
      netPremium: '2500.00',
      iof: '184.50',
      commissionPercent: '15.00',
      commissionAmount: '375.00',
      paymentOptions: [
        { instalments: 1, amount: '2750.99', interest: false },
        { instalments: 10, amount: '290.00', interest: true },
      ],
      deductible: { kind: 'normal', amount: '3500.00' },
      coverages: [
        { key: 'casco', limit: null, detail: '100% FIPE' },
        { key: 'vidros', limit: '1500.00', detail: null },
        { key: 'carro_reserva', limit: null, detail: '15 dias' },
      ],
      validUntil: '2027-01-15',
      insurerQuoteNumber: 'P-1',
      status: 'draft',
      insuredItem: { kind: 'vehicle', vehicle: { plate: 'RIO2A18' } },
    });
    expect(made.body.quotes[0].coverages).toEqual([
      { key: 'casco', label: expect.stringMatching(/^Casco/), limit: null, detail: '100% FIPE' },
    ]);
    // An assistant imports without reading the commission; another producer's deal, another brokerage's: 404.
    const byAssistant = await send(ana, [header, `${first!.name};3.000,00;;;10;;;;;;;;`]);
    expect(byAssistant.status).toBe(201);
    expect(byAssistant.body.quotes[0]).not.toHaveProperty('commissionPercent');
    expect((await send(bruno, [header, `${first!.name};3.000,00;;;;;;;;;;;`])).status).toBe(404);
    expect((await send(await brokerWithRefs(), [header, `${first!.name};3.000,00;;;;;;;;;;;`])).status).toBe(404);
    // A file that is no sheet.
    const pdf = await api()
      .post(`/api/pipeline-cards/${card.id}/quotes/import`)
      .set('Cookie', paulo.cookie)
      .attach('file', Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\n\0\0\0'), 'cotacao.pdf');
    expect(pdf.status).toBeGreaterThanOrEqual(400);
    expect(pdf.status).toBeLessThan(500);
    // A sheet past 120 KB: refused whole, in pt-BR.
    const huge = await send(paulo, [header, ...Array.from({ length: 6000 }, () => `${first!.name};3.000,00;;;;;;;;;;;`)]);
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('A planilha de cotações deve ter no máximo 120 KB (até 60 cotações).');
    // The same sheet sent 20 times at once: 20 quotes, each once.
    const parallel = await Promise.all(Array.from({ length: 20 }, () => send(paulo, [header, `${first!.name};3.100,00;;;;;;;;;;;`])));
    expect(parallel.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(await count()).toBe(23);
  });

  test("the client's comparison: the chosen quotes side by side without the commission, a link that opens without a session until revoked, the PDF on the timeline", async () => {
    const owner = await brokerWithRefs();
    const bruno = await member(owner, 'producer');
    const card = await dealFor(owner, owner);
    await pipelineApi().put(`/api/pipeline-cards/${card.id}/insured-item`).set('Cookie', owner.cookie).send({ insuredItem: CAR });
    const [a, b, c] = owner.refs.insurers;
    const quote = async (insurer: { id: number }, total: string, net: string) =>
      (
        await api()
          .post(`/api/pipeline-cards/${card.id}/quotes`)
          .set('Cookie', owner.cookie)
          .send(quoteBody(insurer.id, total, net))
      ).body as {
        id: number;
      };
    const expensive = await quote(a!, '3100.00', '2900.00');
    const cheap = await quote(b!, '2750.99', '2650.99');
    await quote(c!, '2999.00', '2800.00');
    const other = await dealFor(owner, owner);
    const foreign = (
      await api()
        .post(`/api/pipeline-cards/${other.id}/quotes`)
        .set('Cookie', owner.cookie)
        .send(quoteBody(a!.id, '1.00', '1.00'))
    ).body as { id: number };

    const create = (who: Who, body: unknown) =>
      api()
        .post(`/api/pipeline-cards/${card.id}/comparison`)
        .set('Cookie', who.cookie)
        .send(body as object);
    expect((await create(owner, { quoteIds: [] })).status).toBe(400);
    expect((await create(owner, { quoteIds: [cheap.id, foreign.id] })).body.issues[0].path).toBe('quoteIds');
    expect((await create(owner, { quoteIds: [cheap.id, cheap.id] })).status).toBe(400);
    expect((await create(bruno, { quoteIds: [cheap.id] })).status).toBe(404);
    expect((await create(await brokerWithRefs(), { quoteIds: [cheap.id] })).status).toBe(404);

    const made = await create(owner, { quoteIds: [expensive.id, cheap.id] });
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(/\/cotacao#token=[\w-]{43}$/);
    const days = (Date.parse(made.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    const token = made.body.url.split('#token=')[1] as string;

    // The client's page, without a session: the cheapest first, what is insured, never the commission.
    const page = await api().get(`/api/comparisons/${token}`);
    expect(page.status).toBe(200);
    expect(page.body.clientName).toBe('Maria');
    expect(page.body.insuredItem).toBe('Chevrolet Onix 1.0 Turbo 2023 · RIO2A18');
    expect(page.body.quotes.map((entry: { insurerName: string; totalPremium: string }) => [entry.insurerName, entry.totalPremium])).toEqual(
      [
        [b!.name, '2750.99'],
        [a!.name, '3100.00'],
      ],
    );
    expect(JSON.stringify(page.body)).not.toMatch(/commission|17\.33|459/i);
    const pdf = await api().get(`/api/comparisons/${token}/pdf`).buffer(true).parse(binaryBody);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const printed = pdfText(pdf.body as Buffer);
    for (const said of [
      'Comparativo de cotações',
      b!.name,
      'R$ 2.750,99',
      'R$ 3.100,00',
      'RCF — danos materiais',
      'R$ 100.000,00',
      '100% FIPE',
    ])
      expect(printed).toContain(said);
    expect(printed).not.toMatch(/comiss|17,33|459,42/i);

    // The deal lists it; the timeline keeps the send with the PDF's hash.
    const listed = await api().get(`/api/pipeline-cards/${card.id}/comparisons`).set('Cookie', owner.cookie);
    expect(listed.body.map((link: { id: number; revokedAt: string | null }) => [link.id, link.revokedAt])).toEqual([[made.body.id, null]]);
    const timeline = await pipelineApi().get(`/api/contacts/${card.contactId}/timeline`).set('Cookie', owner.cookie);
    const entry = timeline.body.entries.find(
      (candidate: { kind: string; what?: string }) => candidate.kind === 'sent' && candidate.what === 'comparison',
    );
    expect(entry.text).toContain(`${b!.name}, ${a!.name}`);
    expect(entry.sha256).toMatch(/^[0-9a-f]{64}$/);

    // Revoked: the page and its PDF stop opening; only the deal's member or a manager revokes it.
    expect((await api().delete(`/api/comparisons/${made.body.id}`).set('Cookie', bruno.cookie)).status).toBe(404);
    expect(
      (
        await api()
          .delete(`/api/comparisons/${made.body.id}`)
          .set('Cookie', (await brokerWithRefs()).cookie)
      ).status,
    ).toBe(404);
    expect((await api().delete(`/api/comparisons/${made.body.id}`).set('Cookie', owner.cookie)).status).toBe(204);
    expect((await api().get(`/api/comparisons/${token}`)).status).toBe(404);
    expect((await api().get(`/api/comparisons/${token}/pdf`)).status).toBe(404);
    expect((await api().get('/api/comparisons/nao-e-um-token')).status).toBe(404);
    expect((await api().get(`/api/comparisons/${'x'.repeat(43)}`)).status).toBe(404);
  });
  test("the brokerage's logo on the client's comparison: in the PDF and on the page through the link, gone with the link or the logo", async () => {
    const owner = await brokerWithRefs();
    const card = await dealFor(owner, owner);
    const sent = (
      await api()
        .post(`/api/pipeline-cards/${card.id}/quotes`)
        .set('Cookie', owner.cookie)
        .send(quoteBody(owner.refs.insurers[0]!.id, '2750.99', '2650.99'))
    ).body as { id: number };
    const compare = async () => {
      const made = await api()
        .post(`/api/pipeline-cards/${card.id}/comparison`)
        .set('Cookie', owner.cookie)
        .send({ quoteIds: [sent.id] });
      expect(made.status).toBe(201);
      return made.body.url.split('#token=')[1] as string;
    };
    const without = await compare();
    expect((await api().get(`/api/comparisons/${without}`)).body.brokerage.logoUrl).toBeNull();
    expect((await api().get(`/api/comparisons/${without}/logo`)).status).toBe(404);

    const profile = { ...EXAMPLE_BROKERAGE, isOnboardingComplete: true };
    expect((await brokerApi().post('/api/broker-profile').set('Cookie', owner.cookie).send(profile)).status).toBe(201);
    expect((await brokerApi().post('/api/broker-profile/logo').set('Cookie', owner.cookie).attach('logo', PNG, 'logo.png')).status).toBe(
      200,
    );
    const token = await compare();
    const page = await api().get(`/api/comparisons/${token}`);
    expect(page.body.brokerage.logoUrl).toBe(`/api/comparisons/${token}/logo`);
    const logo = await api().get(`/api/comparisons/${token}/logo`).buffer(true).parse(binaryBody);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(logo.body as Buffer, PNG)).toBe(0);
    const pdf = await api().get(`/api/comparisons/${token}/pdf`).buffer(true).parse(binaryBody);
    expect((pdf.body as Buffer).toString('latin1')).toMatch(/\/Subtype \/Image/);
    const plain = await api().get(`/api/comparisons/${without}/pdf`).buffer(true).parse(binaryBody);
    expect((plain.body as Buffer).toString('latin1')).not.toMatch(/\/Subtype \/Image/);

    // The logo removed: the page shows none (the PDF already sent keeps it).
    expect((await brokerApi().delete('/api/broker-profile/logo').set('Cookie', owner.cookie)).status).toBe(200);
    expect((await api().get(`/api/comparisons/${token}/logo`)).status).toBe(404);
    expect((await api().get(`/api/comparisons/${'x'.repeat(43)}/logo`)).status).toBe(404);
  });
});
