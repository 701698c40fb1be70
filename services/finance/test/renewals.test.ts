import { addMonths } from '../src/modules/policies/instalment-math';
import { financeStack, type Who } from './stack';

const stack = financeStack();
const { api, brokerWithRefs, importPolicies } = stack;

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
