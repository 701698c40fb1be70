import { financeStack } from './stack';

/** The insurer's policy number (#34 item 1): issued without it, typed later, used everywhere from then on. */
const stack = financeStack();
const { api, pipelineApi, brokerApi, brokerWithRefs, finalizedCard, issue } = stack;

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
function plusDays(days: number): string {
  const date = new Date(`${today()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
const br = (iso: string) => iso.split('-').reverse().join('/');

interface PolicyAnswer {
  id: number;
  policyNumber: string;
  awaitingNumber: boolean;
  proposalNumber: string | null;
  cardId: number | null;
  insurerId: number | null;
}

describe('the insurer’s policy number', () => {
  test('issued without it, a policy awaits it; typed later, claims, renewals, messages, statements and history use it', async () => {
    const who = await brokerWithRefs();
    // A policy ending in 30 days: its renewal is open.
    const card = await finalizedCard(who, 'Seguro Auto', { startDate: plusDays(-335), endDate: plusDays(30) });
    expect((await issue(who, card.id)).status).toBe(200);
    const awaiting = (await api().get('/api/policies?awaitingNumber=true').set('Cookie', who.cookie)).body as PolicyAnswer[];
    expect(awaiting).toHaveLength(1);
    const policy = awaiting[0]!;
    expect(policy).toMatchObject({ awaitingNumber: true, proposalNumber: null, cardId: card.id });
    expect(policy.policyNumber).toMatch(/^PROV-\d{4}-\d{6}$/);
    const claim = await api()
      .post('/api/claims')
      .set('Cookie', who.cookie)
      .send({ contactId: card.contactId, policyId: policy.id, type: 'colisao', amount: '900.00' });
    expect(claim.status).toBe(201);
    // Until the number comes, the claim and the renewal say so (their policyNumber is the provisional one).
    expect(claim.body).toMatchObject({ policyNumber: policy.policyNumber, policyAwaitingNumber: true });
    const before = (await api().get('/api/renewals').set('Cookie', who.cookie)).body as { items: { awaitingNumber: boolean }[] };
    expect(before.items.map((item) => item.awaitingNumber)).toEqual([true]);

    const set = await api()
      .patch(`/api/policies/${policy.id}`)
      .set('Cookie', who.cookie)
      .send({ policyNumber: ' 0531.2026.000123 ', proposalNumber: 'PRP-77' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: policy.id, policyNumber: '0531.2026.000123', proposalNumber: 'PRP-77', awaitingNumber: false });
    // Found by either number as a broker types it (separators aside), or by the client's name.
    for (const q of ['0531.2026.000123', '05312026000123', 'prp 77', 'PRP-77', 'maria'])
      expect(
        (
          (
            await api()
              .get(`/api/policies?q=${encodeURIComponent(q)}`)
              .set('Cookie', who.cookie)
          ).body as PolicyAnswer[]
        ).map((found) => found.id),
      ).toEqual([policy.id]);
    expect((await api().get('/api/policies?awaitingNumber=true').set('Cookie', who.cookie)).body).toEqual([]);
    expect((await api().get('/api/policies?awaitingNumber=false').set('Cookie', who.cookie)).body).toHaveLength(1);

    // Everything that names the policy says the number now.
    const claims = (await api().get('/api/claims').set('Cookie', who.cookie)).body as {
      items: { policyNumber: string; policyAwaitingNumber: boolean }[];
    };
    expect(claims.items[0]).toMatchObject({ policyNumber: '0531.2026.000123', policyAwaitingNumber: false });
    const renewals = (await api().get('/api/renewals').set('Cookie', who.cookie)).body as {
      items: { policyNumber: string; awaitingNumber: boolean }[];
    };
    expect(renewals.items.map((item) => [item.policyNumber, item.awaitingNumber])).toEqual([['0531.2026.000123', false]]);
    const templates = (await pipelineApi().get('/api/message-templates').set('Cookie', who.cookie)).body as { id: number; name: string }[];
    const message = await pipelineApi()
      .post(`/api/contacts/${card.contactId}/whatsapp`)
      .set('Cookie', who.cookie)
      .send({ templateId: templates.find((template) => template.name === 'Renovação')!.id });
    expect(message.status).toBe(201);
    expect(message.body.entry.text).toContain('A sua apólice 0531.2026.000123 da');
    const csv = await api().get('/api/policies.csv').set('Cookie', who.cookie);
    expect(csv.text).toContain('0531.2026.000123');
    const dashboard = await brokerApi().get('/api/dashboard/stats').set('Cookie', who.cookie);
    const activity = dashboard.body.recentActivity as { type: string; subject: string; detail: string }[];
    expect(activity.find((event) => event.type === 'policy_number_set')).toMatchObject({
      subject: '0531.2026.000123',
      detail: `antes aguardando (${policy.policyNumber})`,
    });

    // The insurer's statement names the number (written its own way): the line is conciliado.
    const statement = Buffer.from(
      [
        'Nº Apólice;Endosso;Parcela;CPF/CNPJ;Comissão Bruta;ISS;IRRF;Valor Líquido;Data Pagamento;Tipo Lançamento',
        `05312026000123;0;1;;125,00;2,50;1,88;120,62;${br(today())};Comissão`,
      ].join('\r\n'),
      'latin1',
    );
    const created = await api()
      .post('/api/statements')
      .set('Cookie', who.cookie)
      .field('insurerId', String(who.refs.insurers[0]!.id))
      .attach('file', statement, 'extrato.csv');
    expect(created.status).toBe(201);
    const preview = await api()
      .put(`/api/statements/${created.body.id as number}/mapping`)
      .set('Cookie', who.cookie)
      .send({ mapping: created.body.mapping });
    expect(preview.status).toBe(200);
    expect(preview.body.rows[0].match).toMatchObject({ status: 'conciliado', policyId: policy.id, policyNumber: '0531.2026.000123' });
  });

  test('bad numbers are pt-BR 400s on the field, a number another policy holds a 409; another broker’s policy is a 404', async () => {
    const who = await brokerWithRefs();
    const first = await finalizedCard(who);
    expect((await issue(who, first.id, { policyNumber: 'AP-1' })).status).toBe(200);
    const second = await finalizedCard(who);
    expect((await issue(who, second.id)).status).toBe(200);
    const list = (await api().get('/api/policies').set('Cookie', who.cookie)).body as PolicyAnswer[];
    const typed = list.find((policy) => policy.cardId === first.id)!;
    const waiting = list.find((policy) => policy.cardId === second.id)!;
    expect(typed.awaitingNumber).toBe(false);
    const patch = (id: number, body: unknown) =>
      api()
        .patch(`/api/policies/${id}`)
        .set('Cookie', who.cookie)
        .send(body as object);

    for (const [body, field, message] of [
      [{ policyNumber: '' }, 'policyNumber', 'Informe o número da apólice'],
      [{ policyNumber: 'AP 2' }, 'policyNumber', 'Número da apólice deve ter apenas letras, números, ponto, barra ou hífen'],
      [{ policyNumber: 'prov-2026-000001' }, 'policyNumber', expect.stringContaining('provisórios')],
      [{ policyNumber: 'x'.repeat(41) }, 'policyNumber', 'Número da apólice deve ter no máximo 40 caracteres'],
      [{ proposalNumber: 'a b' }, 'proposalNumber', expect.stringContaining('Número da proposta')],
    ] as const) {
      const refused = await patch(waiting.id, body);
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0]).toEqual({ path: field, message });
    }
    expect((await patch(waiting.id, {})).status).toBe(400);
    expect((await patch(waiting.id, [])).status).toBe(400);
    const taken = await patch(waiting.id, { policyNumber: 'AP-1' });
    expect(taken.status).toBe(409);
    expect(taken.body.issues).toEqual([{ path: 'policyNumber', message: 'Já existe uma apólice desta seguradora com este número.' }]);
    // Search finds a policy by either number, separators aside, or by its client.
    const found = async (q: string) =>
      (
        (
          await api()
            .get(`/api/policies?q=${encodeURIComponent(q)}`)
            .set('Cookie', who.cookie)
        ).body as PolicyAnswer[]
      ).map((policy) => policy.policyNumber);
    expect(await found('AP1')).toContain('AP-1');
    expect(await found('ap-1')).toContain('AP-1');
    expect(await found('%')).toEqual([]);
    expect(
      (
        await api()
          .get(`/api/policies?q=${'x'.repeat(101)}`)
          .set('Cookie', who.cookie)
      ).status,
    ).toBe(400);
    // Unique per insurer: another insurer's policy may carry the same number, by issue and by edit.
    const elsewhere = await finalizedCard(who, 'Seguro Auto', { insurerId: who.refs.insurers[1]!.id });
    const issuedElsewhere = await issue(who, elsewhere.id, { policyNumber: 'AP-1' });
    expect(issuedElsewhere.status).toBe(200);
    const atOther = await finalizedCard(who, 'Seguro Auto', { insurerId: who.refs.insurers[1]!.id });
    expect((await issue(who, atOther.id, { policyNumber: 'AP-1' })).status).toBe(409);
    expect((await issue(who, atOther.id, { policyNumber: 'AP-77' })).status).toBe(200);
    const movedTo = (await api().get('/api/policies').set('Cookie', who.cookie)).body as PolicyAnswer[];
    const ap77 = movedTo.find((policy) => policy.policyNumber === 'AP-77')!;
    expect((await patch(ap77.id, { policyNumber: 'AP-1' })).status).toBe(409);
    expect(
      movedTo
        .filter((policy) => policy.policyNumber === 'AP-1')
        .map((policy) => policy.insurerId)
        .sort(),
    ).toEqual([who.refs.insurers[0]!.id, who.refs.insurers[1]!.id].sort());
    // Issued with a PROV- number typed by hand: refused at issuance too.
    const third = await finalizedCard(who);
    expect((await issue(who, third.id, { policyNumber: 'PROV-2026-123456' })).status).toBe(400);

    // Two policies given one number at once: one gets it.
    const fourth = await finalizedCard(who);
    expect((await issue(who, fourth.id)).status).toBe(200);
    const other = ((await api().get('/api/policies?awaitingNumber=true').set('Cookie', who.cookie)).body as PolicyAnswer[]).find(
      (policy) => policy.cardId === fourth.id,
    )!;
    const answers = await Promise.all([patch(waiting.id, { policyNumber: 'AP-2' }), patch(other.id, { policyNumber: 'AP-2' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    // The proposal alone keeps the policy awaiting its number.
    const proposal = await patch(other.id, { proposalNumber: 'PRP-1' });
    expect(proposal.body).toMatchObject({ awaitingNumber: answers[1]!.status === 409, proposalNumber: 'PRP-1' });

    const intruder = await brokerWithRefs();
    for (const id of [typed.id, 0, 2_147_483_648])
      expect((await api().patch(`/api/policies/${id}`).set('Cookie', intruder.cookie).send({ policyNumber: 'X-1' })).status).toBe(404);
    expect(((await api().get(`/api/policies/${typed.id}`).set('Cookie', who.cookie)).body as PolicyAnswer).policyNumber).toBe('AP-1');
  });
});
