import { addMonths, planInstalments, splitCents } from '../src/modules/policies/instalment-math';
import { financeStack } from './stack';

const stack = financeStack();
const { api, brokerWithRefs, finalizedCard, issue, member } = stack;

describe('instalment arithmetic: exact sums, monthly dates', () => {
  test.each([
    [107_380, 3, [35_794, 35_793, 35_793]],
    [12_500, 3, [4_167, 4_167, 4_166]],
    [100, 12, [9, 9, 9, 9, 8, 8, 8, 8, 8, 8, 8, 8]],
    [0, 2, [0, 0]],
    [5, 1, [5]],
  ])('%i cents in %i instalments', (amount, parts, expected) => {
    const split = splitCents(amount, parts);
    expect(split).toEqual(expected);
    expect(split.reduce((sum, part) => sum + part, 0)).toBe(amount);
  });

  test('the same day each month, or the month’s last', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(planInstalments(1_000, 100, 3, '2026-12-31').map((row) => row.dueDate)).toEqual(['2026-12-31', '2027-01-31', '2027-02-28']);
  });
});

describe('GET /api/policies/{id}/instalments and PUT …/payment-plan', () => {
  test('issued à vista; 3 parcelas split to the cent, commission on the net premium; the other broker gets 404', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who);
    expect((await issue(who, card.id)).status).toBe(200);
    const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number; startDate: string }[];
    const single = await api().get(`/api/policies/${policy!.id}/instalments`).set('Cookie', who.cookie);
    expect(single.status).toBe(200);
    expect(single.body).toEqual([
      {
        number: 1,
        dueDate: policy!.startDate,
        premium: '1073.80',
        expectedCommission: '125.00',
        status: 'pendente',
        received: null,
        difference: null,
        paymentLink: null,
      },
    ]);

    const planned = await api()
      .put(`/api/policies/${policy!.id}/payment-plan`)
      .set('Cookie', who.cookie)
      .send({ instalments: 3, firstDueDate: '2027-01-31', method: 'boleto' });
    expect(planned.status).toBe(200);
    expect(
      planned.body.map((row: { dueDate: string; premium: string; expectedCommission: string }) => [
        row.dueDate,
        row.premium,
        row.expectedCommission,
      ]),
    ).toEqual([
      ['2027-01-31', '357.94', '41.67'],
      ['2027-02-28', '357.93', '41.67'],
      ['2027-03-31', '357.93', '41.66'],
    ]);
    // Issued again (a retry): the plan stays.
    expect((await issue(who, card.id)).status).toBe(200);
    expect((await api().get(`/api/policies/${policy!.id}/instalments`).set('Cookie', who.cookie)).body).toHaveLength(3);

    const other = await brokerWithRefs();
    for (const call of [
      api().get(`/api/policies/${policy!.id}/instalments`),
      api().put(`/api/policies/${policy!.id}/payment-plan`).send({ instalments: 2, firstDueDate: '2027-01-01' }),
    ]) {
      const response = await call.set('Cookie', other.cookie);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Apólice não encontrada.');
    }
    expect((await api().get(`/api/policies/${policy!.id}/instalments`).set('Cookie', who.cookie)).body).toHaveLength(3);
  });

  test('parallel plans: one wins whole, never a mix of two plans', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who);
    await issue(who, card.id);
    const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number }[];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        api()
          .put(`/api/policies/${policy!.id}/payment-plan`)
          .set('Cookie', who.cookie)
          .send({ instalments: index + 1, firstDueDate: '2027-01-10' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    const rows = (await api().get(`/api/policies/${policy!.id}/instalments`).set('Cookie', who.cookie)).body as {
      number: number;
      premium: string;
    }[];
    expect(rows.map((row) => row.number)).toEqual(Array.from({ length: rows.length }, (_, index) => index + 1));
    const total = rows.reduce((sum, row) => sum + Math.round(Number(row.premium.replace('.', ''))), 0);
    expect(total).toBe(107_380);
  });

  test('bad plans are pt-BR 400s; a cancelled policy keeps its plan (409)', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who);
    await issue(who, card.id);
    const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number }[];
    const put = (body: unknown) =>
      api()
        .put(`/api/policies/${policy!.id}/payment-plan`)
        .set('Cookie', who.cookie)
        .send(body as object);
    for (const [body, message] of [
      [{ instalments: 0, firstDueDate: '2027-01-01' }, 'No mínimo 1 parcela (à vista)'],
      [{ instalments: 13, firstDueDate: '2027-01-01' }, 'No máximo 12 parcelas'],
      [{ instalments: 2.5, firstDueDate: '2027-01-01' }, 'O número de parcelas deve ser inteiro'],
      [{ instalments: '2', firstDueDate: '2027-01-01' }, 'Informe o número de parcelas'],
      [{ instalments: 2, firstDueDate: '31/01/2027' }, '1º vencimento inválido: use AAAA-MM-DD'],
      [{ instalments: 2 }, 'Informe o 1º vencimento'],
      [{ instalments: 2, firstDueDate: '2027-01-01', method: 'cheque' }, 'Forma de pagamento inválida'],
    ] as const) {
      const response = await put(body);
      expect(response.status).toBe(400);
      expect(response.body.issues[0].message).toBe(message);
    }
    expect((await api().post(`/api/policies/${policy!.id}/cancel`).set('Cookie', who.cookie)).status).toBe(200);
    const refused = await put({ instalments: 2, firstDueDate: '2027-01-01' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Uma apólice cancelada não muda de plano de pagamento.');
  });

  test('an imported policy gets one instalment; an update keeps the plan with the new figures; undo puts them back', async () => {
    const who = await brokerWithRefs();
    const header = 'Apólice;Seguradora;CPF;Segurado;Fim de Vigência;Início;Prêmio Líquido;Prêmio Total;% Comissão';
    const importOf = async (line: string) => {
      const created = await stack
        .importsApi()
        .post('/api/imports')
        .set('Cookie', who.cookie)
        .field('kind', 'policies')
        .attach('file', Buffer.from(`${header}\n${line}\n`), 'a.csv');
      await stack
        .importsApi()
        .put(`/api/imports/${created.body.id as number}/mapping`)
        .set('Cookie', who.cookie)
        .send({ mapping: created.body.mapping });
      await stack
        .importsApi()
        .post(`/api/imports/${created.body.id as number}/commit`)
        .set('Cookie', who.cookie)
        .expect(202);
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const detail = await stack
          .importsApi()
          .get(`/api/imports/${created.body.id as number}`)
          .set('Cookie', who.cookie);
        if (detail.body.status !== 'running') return created.body.id as number;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('import did not finish');
    };
    await importOf('AP-1;Porto Seguro;529.982.247-25;José;03/04/2027;03/04/2026;1.000,00;1.200,00;10');
    const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number }[];
    const instalments = () => api().get(`/api/policies/${policy!.id}/instalments`).set('Cookie', who.cookie);
    expect((await instalments()).body).toMatchObject([
      { number: 1, dueDate: '2026-04-03', premium: '1200.00', expectedCommission: '100.00' },
    ]);
    await api()
      .put(`/api/policies/${policy!.id}/payment-plan`)
      .set('Cookie', who.cookie)
      .send({ instalments: 2, firstDueDate: '2026-04-10' })
      .expect(200);
    const update = await importOf('AP-1;Porto Seguro;529.982.247-25;José;03/04/2027;03/04/2026;2.000,00;2.400,00;10');
    expect(
      (await instalments()).body.map((row: { premium: string; expectedCommission: string }) => [row.premium, row.expectedCommission]),
    ).toEqual([
      ['1200.00', '100.00'],
      ['1200.00', '100.00'],
    ]);
    await stack.importsApi().delete(`/api/imports/${update}`).set('Cookie', who.cookie).expect(200);
    expect(
      (await instalments()).body.map((row: { premium: string; expectedCommission: string }) => [row.premium, row.expectedCommission]),
    ).toEqual([
      ['600.00', '50.00'],
      ['600.00', '50.00'],
    ]);
  });
});

describe('PUT /api/policies/{id}/instalments/{number}/payment-link (#61: the boleto or Pix the client opens on the portal)', () => {
  const BOLETO = 'https://boletos.porto.com.br/2via?linha=34191.79001';
  test('attached to one instalment and removed; a plan that keeps the instalment keeps it, one that changes it drops it', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who);
    await issue(who, card.id);
    const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number }[];
    const plan = (firstDueDate: string) =>
      api().put(`/api/policies/${policy!.id}/payment-plan`).set('Cookie', who.cookie).send({ instalments: 3, firstDueDate });
    expect((await plan('2027-01-31')).status).toBe(200);
    const link = (number: number, paymentLink: unknown) =>
      api().put(`/api/policies/${policy!.id}/instalments/${number}/payment-link`).set('Cookie', who.cookie).send({ paymentLink });
    const attached = await link(2, `  ${BOLETO}  `);
    expect(attached.status).toBe(200);
    expect(attached.body.map((row: { paymentLink: string | null }) => row.paymentLink)).toEqual([null, BOLETO, null]);

    // The same plan again (a retry, a method changed): the boleto is still the one owed.
    expect((await plan('2027-01-31')).body[1].paymentLink).toBe(BOLETO);
    // Another first due date: instalment 2 is another boleto now.
    expect((await plan('2027-02-10')).body.map((row: { paymentLink: string | null }) => row.paymentLink)).toEqual([null, null, null]);

    expect((await link(1, BOLETO)).status).toBe(200);
    const removed = await link(1, '');
    expect(removed.status).toBe(200);
    expect(removed.body[0].paymentLink).toBeNull();
    expect((await link(1, BOLETO)).status).toBe(200);
    expect((await link(1, null)).body[0].paymentLink).toBeNull();
  });

  test('only an https link; a missing instalment, another broker and another producer get 404; an assistant may attach one', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who);
    await issue(who, card.id);
    const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number }[];
    const put = (cookie: string, number: number | string, body: unknown) =>
      api()
        .put(`/api/policies/${policy!.id}/instalments/${number}/payment-link`)
        .set('Cookie', cookie)
        .send(body as object);
    const HTTPS = 'Informe o link do boleto ou do Pix começando com https://';
    for (const [body, message] of [
      [{ paymentLink: 'http://boletos.porto.com.br/x' }, HTTPS],
      [{ paymentLink: 'javascript:alert(1)' }, HTTPS],
      [{ paymentLink: 'https://' }, HTTPS],
      [{ paymentLink: 'https://boleto porto.com.br' }, HTTPS],
      [{ paymentLink: 'https://localhost/boleto' }, HTTPS],
      [{ paymentLink: 42 }, HTTPS],
      [{ paymentLink: `https://boletos.porto.com.br/${'a'.repeat(2000)}` }, 'O link deve ter no máximo 2000 caracteres'],
      [{}, 'Campo obrigatório.'],
    ] as const) {
      const response = await put(who.cookie, 1, body);
      expect(response.status).toBe(400);
      expect(response.body.issues[0].message).toBe(message);
    }
    expect((await api().get(`/api/policies/${policy!.id}/instalments`).set('Cookie', who.cookie)).body[0].paymentLink).toBeNull();

    // Instalment 2 does not exist (à vista); the rest cannot.
    for (const number of [2, 0, 'abc', 99999999999]) {
      const missing = await put(who.cookie, number, { paymentLink: BOLETO });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Parcela não encontrada.');
    }
    const other = await brokerWithRefs();
    const foreign = await put(other.cookie, 1, { paymentLink: BOLETO });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Apólice não encontrada.');
    const producer = await member(who, 'producer');
    expect((await put(producer.cookie, 1, { paymentLink: BOLETO })).status).toBe(404);
    const assistant = await member(who, 'assistant');
    const byAssistant = await put(assistant.cookie, 1, { paymentLink: BOLETO });
    expect(byAssistant.status).toBe(200);
    // The assistant's answer carries the link and no commission.
    expect(byAssistant.body[0]).toMatchObject({ paymentLink: BOLETO, expectedCommission: null });
  });
});
