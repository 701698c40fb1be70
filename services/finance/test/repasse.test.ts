import request from 'supertest';
import { type Who, binaryBody, financeStack } from './stack';

const stack = financeStack();
const { api, member, brokerWithRefs, importPolicies, importPolicySheet, finalizedCard, issue, reconcile } = stack;

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
const brDate = (iso: string) => iso.split('-').reverse().join('/');
const nextMonth = (month: string) => {
  const [year, number] = month.split('-').map(Number);
  return number === 12 ? `${year! + 1}-01` : `${year}-${String(number! + 1).padStart(2, '0')}`;
};

async function undo(who: Who, statementId: number) {
  expect((await api().delete(`/api/statements/${statementId}`).set('Cookie', who.cookie)).status).toBe(200);
  for (let attempt = 0; attempt < 400; attempt += 1) {
    if ((await api().get(`/api/statements/${statementId}`).set('Cookie', who.cookie)).body.status === 'undone') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('undo did not finish');
}

/** The month's amounts per participant, as strings: { memberId|name: ['40.25', …] }. */
async function amounts(who: Who, month: string): Promise<Record<string, string[]>> {
  const response = await api().get(`/api/repasse?month=${month}`).set('Cookie', who.cookie);
  expect(response.status).toBe(200);
  const result: Record<string, string[]> = {};
  for (const row of response.body.rows as { memberId: string | null; participantName: string | null; amount: string; kind: string }[])
    (result[row.memberId ?? row.participantName!] ??= []).push(`${row.kind}:${row.amount}`);
  return result;
}

async function policyNumbered(who: Who, number: string): Promise<number> {
  const end = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
  expect((await importPolicies(who, [[number, 'Auto', end]])).status).toBe(202);
  const policies = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number; policyNumber: string }[];
  return policies.find((policy) => policy.policyNumber === number)!.id;
}

describe('repasse (#39): what each producer is owed of the commission received', () => {
  test('a 70/30 split at 40 % and 50 %: R$ 143,75 received writes R$ 40,25 and R$ 21,56; the estorno the same negative; undoing removes them; a closed month keeps its lines and an edited split lands in the next', async () => {
    const owner = await brokerWithRefs();
    const ana = await member(owner, 'producer');
    const bruno = await member(owner, 'producer');
    const anaId = ana.user.memberId;
    const brunoId = bruno.user.memberId;
    for (const [id, percent] of [
      [anaId, 40],
      [brunoId, 50],
    ] as const) {
      const put = await api()
        .put(`/api/team/members/${id}/commission-rules`)
        .set('Cookie', owner.cookie)
        .send({ default: percent, rules: [] });
      expect(put.status).toBe(200);
      expect(put.body).toEqual({ memberId: id, default: percent, rules: [] });
    }
    const policyId = await policyNumbered(owner, 'RP-143');
    // Without participants the policy is its responsible member's, 100 %.
    expect((await api().get(`/api/policies/${policyId}`).set('Cookie', owner.cookie)).body.participants).toEqual([
      { memberId: owner.user.memberId, name: null, role: 'producer', share: 100, percent: null },
    ]);
    const split = await api()
      .patch(`/api/policies/${policyId}`)
      .set('Cookie', owner.cookie)
      .send({
        participants: [
          { memberId: anaId, role: 'producer', share: 70 },
          { memberId: brunoId, role: 'producer', share: 30 },
        ],
      });
    expect(split.status).toBe(200);
    expect(split.body.participants).toEqual([
      { memberId: anaId, name: null, role: 'producer', share: 70, percent: null },
      { memberId: brunoId, name: null, role: 'producer', share: 30, percent: null },
    ]);

    const month = today().slice(0, 7);
    const received = await reconcile(owner, [['RP-143', '143,75', 'Comissão']]);
    expect(await amounts(owner, month)).toEqual({ [anaId]: ['repasse:40.25'], [brunoId]: ['repasse:21.56'] });

    // The estorno of that commission writes the same amounts negative; undoing its statement removes them.
    const estorno = await reconcile(owner, [['RP-143', '-143,75', 'Estorno']]);
    expect(await amounts(owner, month)).toEqual({
      [anaId]: ['repasse:40.25', 'estorno:-40.25'],
      [brunoId]: ['repasse:21.56', 'estorno:-21.56'],
    });
    await undo(owner, estorno);
    expect(await amounts(owner, month)).toEqual({ [anaId]: ['repasse:40.25'], [brunoId]: ['repasse:21.56'] });

    // Each producer sees only their own lines; the assistant none (403).
    const asAna = (await api().get(`/api/repasse?month=${month}`).set('Cookie', ana.cookie)).body;
    expect(asAna.rows.map((row: { memberId: string }) => row.memberId)).toEqual([anaId]);
    expect(asAna.total).toBe('40.25');
    // Which instalment the statement paid, n of N, tells two lines of one policy apart (#58).
    expect(asAna.rows[0].instalment).toMatch(/^\d+\/\d+$/);
    expect((await api().get(`/api/repasse?month=${month}&memberId=${brunoId}`).set('Cookie', ana.cookie)).body.rows).toEqual([]);
    expect((await api().get(`/api/repasse/statement.pdf?month=${month}&memberId=${brunoId}`).set('Cookie', ana.cookie)).status).toBe(404);
    const assistant = await member(owner, 'assistant');
    expect((await api().get(`/api/repasse?month=${month}`).set('Cookie', assistant.cookie)).status).toBe(403);
    // A producer neither closes a month nor edits a split or a rule.
    expect((await api().post(`/api/repasse/${month}/close`).set('Cookie', ana.cookie)).status).toBe(403);
    expect(
      (await api().put(`/api/team/members/${anaId}/commission-rules`).set('Cookie', ana.cookie).send({ default: 100, rules: [] })).status,
    ).toBe(403);

    // The month closes; its lines no longer change. An edited split (50/50) lands in the next month as adjustments.
    // This month closes only when the manager confirms closing it before it ends (#58).
    const early = await api().post(`/api/repasse/${month}/close`).set('Cookie', owner.cookie);
    expect([early.status, early.body.issues?.[0]?.path]).toEqual([409, 'beforeItEnds']);
    const closed = await api().post(`/api/repasse/${month}/close`).set('Cookie', owner.cookie).send({ beforeItEnds: true });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ month, total: '61.81' });
    // Ana's Painel says the month was closed, rather than a bare R$ 0,00 (#58).
    const anasPainel = await stack
      .internal()
      .get(`/internal/finance/${owner.user.id}/stats`)
      .set('x-corretora-member', `${anaId} producer`);
    expect(anasPainel.body).toMatchObject({ repasseDue: 0, repasseClosedUntil: month });
    expect((await api().post(`/api/repasse/${month}/close`).set('Cookie', owner.cookie).send({ beforeItEnds: true })).status).toBe(409);
    await api()
      .patch(`/api/policies/${policyId}`)
      .set('Cookie', owner.cookie)
      .send({
        participants: [
          { memberId: anaId, role: 'producer', share: 50 },
          { memberId: brunoId, role: 'producer', share: 50 },
        ],
      })
      .expect(200);
    expect(await amounts(owner, month)).toEqual({ [anaId]: ['repasse:40.25'], [brunoId]: ['repasse:21.56'] });
    // 50 % × 40 % of 143,75 = 28,75 (was 40,25); 50 % × 50 % = 35,94 (was 21,56).
    expect(await amounts(owner, nextMonth(month))).toEqual({ [anaId]: ['ajuste:-11.50'], [brunoId]: ['ajuste:14.38'] });
    const month2 = await api()
      .get(`/api/repasse?month=${nextMonth(month)}`)
      .set('Cookie', owner.cookie);
    expect(month2.body).toMatchObject({ closed: false, closedUntil: month, total: '2.88' });

    // The CSV (Excel pt-BR) and the PDF statement.
    const csv = await api().get(`/api/repasse.csv?month=${month}`).set('Cookie', owner.cookie);
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('RP-143');
    expect(csv.text).toContain('40,25');
    expect(csv.text.split('\r\n')[0]).toContain(';Apólice;Parcela;Pago em;Cliente;');
    const pdf = await api()
      .get(`/api/repasse/statement.pdf?month=${month}&memberId=${anaId}`)
      .set('Cookie', owner.cookie)
      .buffer(true)
      .parse(binaryBody);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

    // Undoing the closed month's statement takes its repasse back in the next month (the closed one stays).
    await undo(owner, received);
    expect(await amounts(owner, month)).toEqual({ [anaId]: ['repasse:40.25'], [brunoId]: ['repasse:21.56'] });
    expect(await amounts(owner, nextMonth(month))).toEqual({ [anaId]: ['ajuste:-40.25'], [brunoId]: ['ajuste:-21.56'] });

    // Another brokerage: its owner cannot read or write these members' rules, nor see the lines.
    const other = await brokerWithRefs();
    expect((await api().get(`/api/team/members/${anaId}/commission-rules`).set('Cookie', other.cookie)).status).toBe(404);
    expect(
      (await api().put(`/api/team/members/${anaId}/commission-rules`).set('Cookie', other.cookie).send({ default: 10, rules: [] })).status,
    ).toBe(404);
    expect((await api().get(`/api/repasse?month=${month}`).set('Cookie', other.cookie)).body.rows).toEqual([]);
    expect(
      (
        await api()
          .patch(`/api/policies/${policyId}`)
          .set('Cookie', other.cookie)
          .send({ participants: [{ memberId: anaId, role: 'producer', share: 100 }] })
      ).status,
    ).toBe(404);
  });

  test('the most specific rule wins; an angariador without a login is paid their own percent; the remainder goes to the first participant so the lines add up to the rounded total', async () => {
    const owner = await brokerWithRefs();
    const ana = await member(owner, 'producer');
    const anaId = ana.user.memberId;
    const porto = owner.refs.insurers.find((insurer) => insurer.name === 'Porto Seguro')!.id;
    const rules = await api()
      .put(`/api/team/members/${anaId}/commission-rules`)
      .set('Cookie', owner.cookie)
      .send({
        default: 10,
        rules: [
          { line: 'auto', percent: 20 },
          { insurerId: porto, percent: 30 },
          { insurerId: porto, line: 'auto', business: 'renewal', percent: 40 },
          { insurerId: porto, line: 'auto', business: 'new', percent: 50 },
        ],
      });
    expect(rules.status).toBe(200);
    expect(rules.body.default).toBe(10);
    expect(rules.body.rules).toHaveLength(4);
    const policyId = await policyNumbered(owner, 'RP-200');
    await api()
      .patch(`/api/policies/${policyId}`)
      .set('Cookie', owner.cookie)
      .send({
        participants: [
          { memberId: anaId, role: 'producer', share: 33.33 },
          { name: 'João Angariador', role: 'angariador', share: 33.33, percent: 50 },
          { name: 'Maria Indicação', role: 'angariador', share: 33.34, percent: 50 },
        ],
      })
      .expect(200);
    await reconcile(owner, [['RP-200', '1,00', 'Comissão']]);
    // Ana's rule for a new Porto auto policy is 50 %, as the angariadores' own. Each share of R$ 1,00 × 50 % rounds up to
    // R$ 0,17 (0,16665 and 0,1667), but the total is R$ 0,50: the first participant (Ana) takes the remainder, R$ 0,16.
    const month = today().slice(0, 7);
    const body = (await api().get(`/api/repasse?month=${month}`).set('Cookie', owner.cookie)).body;
    expect(body.total).toBe('0.50');
    expect(
      body.rows.map((row: { memberId: string | null; participantName: string | null; amount: string; percent: number }) => [
        row.memberId ?? row.participantName,
        row.percent,
        row.amount,
      ]),
    ).toEqual([
      [anaId, 50, '0.16'],
      ['João Angariador', 50, '0.17'],
      ['Maria Indicação', 50, '0.17'],
    ]);
    // An angariador without a login has a statement too, by name (#58); a producer gets none of theirs.
    const statement = (query: Record<string, string>, who = owner) =>
      api()
        .get('/api/repasse/statement.pdf')
        .query({ month, ...query })
        .set('Cookie', who.cookie);
    const joao = await statement({ angariador: 'João Angariador' });
    expect([joao.status, joao.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((await statement({ angariador: 'Ninguém Daqui' })).status).toBe(404);
    expect((await statement({ angariador: 'João Angariador' }, ana)).status).toBe(404);
    expect((await statement({ angariador: 'João Angariador', memberId: anaId })).status).toBe(400);
    expect((await statement({})).status).toBe(400);
    // The Painel shows Ana her own 'A receber de repasse' (the month is open).
    const stats = await stack.internal().get(`/internal/finance/${owner.user.id}/stats`).set('x-corretora-member', `${anaId} producer`);
    expect(stats.body.repasseDue).toBe(16);
  });

  test('a renewal’s next term is split as the term it renews; every rule and split change is in the audit log, by whom', async () => {
    const owner = await brokerWithRefs();
    const ana = await member(owner, 'producer');
    const anaId = ana.user.memberId;
    const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect((await importPolicies(owner, [['RN-1', 'Auto', soon]])).status).toBe(202);
    const policy = ((await api().get('/api/policies').set('Cookie', owner.cookie)).body as { id: number; policyNumber: string }[]).find(
      (entry) => entry.policyNumber === 'RN-1',
    )!;
    const participants = [
      { memberId: anaId, name: null, role: 'producer', share: 60, percent: null },
      { memberId: null, name: 'Carla Indicação', role: 'angariador', share: 40, percent: 12.5 },
    ];
    await api().patch(`/api/policies/${policy.id}`).set('Cookie', owner.cookie).send({ participants }).expect(200);
    await api().put(`/api/team/members/${anaId}/commission-rules`).set('Cookie', owner.cookie).send({ default: 40, rules: [] }).expect(200);
    const item = (
      (await api().get('/api/renewals').set('Cookie', owner.cookie)).body as { items: { id: number; policyId: number }[] }
    ).items.find((entry) => entry.policyId === policy.id)!;
    const renewed = await api()
      .post(`/api/renewals/${item.id}/outcome`)
      .set('Cookie', owner.cookie)
      .send({ outcome: 'renewed', newPolicy: { policyNumber: 'RN-2' } });
    expect(renewed.status).toBe(200);
    const next = await api().get(`/api/policies/${renewed.body.newPolicy.id}`).set('Cookie', owner.cookie);
    expect(next.body.participants).toEqual(participants);

    const identityApi = () => request(stack.services.identity!.app.callback());
    for (const entity of ['policy_participant', 'commission_rule']) {
      const log = await identityApi().get('/api/audit').query({ entity }).set('Cookie', owner.cookie);
      expect(log.status).toBe(200);
      const inserts = (log.body.entries as { action: string; actor: { id: string } | null }[]).filter((entry) => entry.action === 'insert');
      expect(inserts.length).toBeGreaterThan(0);
      expect(inserts.every((entry) => entry.actor?.id === owner.user.memberId)).toBe(true);
    }
    // The policy's own history carries its split (#58 item 7): its participants, not another policy's.
    const history = await identityApi()
      .get('/api/audit')
      .query({ entity: 'policy', entityId: String(policy.id) })
      .set('Cookie', owner.cookie);
    const parts = (
      history.body.entries as { entity: string; changes: Record<string, { before: unknown; after: unknown }> | null }[]
    ).filter((entry) => entry.entity === 'policy_participant');
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.every((entry) => [entry.changes?.policyId?.after, entry.changes?.policyId?.before].includes(policy.id))).toBe(true);
    expect(history.body.entries.some((entry: { entity: string }) => entry.entity === 'policy')).toBe(true);
    // The log's CSV names the fields and the records in pt-BR.
    const csv = await identityApi()
      .get('/api/audit.csv')
      .query({ entity: 'policy', entityId: String(policy.id) })
      .set('Cookie', owner.cookie);
    expect(csv.text).toContain(';participante do repasse;');
    expect(csv.text).toContain(';Parte da comissão (%);');
    expect(csv.text).not.toContain(';share;');
  });

  test('the split is set at issuance by a manager (a producer may not); its members must be the brokerage’s', async () => {
    const owner = await brokerWithRefs();
    const ana = await member(owner, 'producer');
    const anaId = ana.user.memberId;
    const participants = [
      { memberId: anaId, role: 'producer', share: 80 },
      { name: 'Rui Indicação', role: 'angariador', share: 20, percent: 5 },
    ];
    // A producer issuing their own sale cannot split it.
    const own = await finalizedCard(ana);
    const refused = await issue(ana, own.id, { policyNumber: null, participants });
    expect(refused.status).toBe(403);
    // Another brokerage's member is a pt-BR 400 on the field; nothing is issued.
    const other = await brokerWithRefs();
    const stranger = await member(other, 'producer');
    const card = await finalizedCard(owner);
    const foreign = await issue(owner, card.id, { participants: [{ memberId: stranger.user.memberId, role: 'producer', share: 100 }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.issues).toEqual([{ path: 'participants.0.memberId', message: 'Escolha um membro ativo da corretora.' }]);
    const issued = await issue(owner, card.id, { policyNumber: 'EM-1', participants });
    expect(issued.status).toBe(200);
    const policy = await api().get(`/api/policies/${issued.body.policyId}`).set('Cookie', owner.cookie);
    expect(policy.body.participants).toEqual([
      { memberId: anaId, name: null, role: 'producer', share: 80, percent: null },
      { memberId: null, name: 'Rui Indicação', role: 'angariador', share: 20, percent: 5 },
    ]);
  });

  test('a policies import splits a policy with the angariador its sheet names; a row without their share is an error of its own', async () => {
    const owner = await brokerWithRefs();
    const end = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
    const br = brDate(end);
    const start = brDate(new Date(Date.now() - 165 * 86_400_000).toISOString().slice(0, 10));
    const imported = await importPolicySheet(owner, [
      'Apólice;Seguradora;Segurado;Ramo;Início;Fim;Prêmio Líquido;Prêmio Total;% Comissão;Angariador;Participação do angariador;Repasse do angariador',
      `IM-1;Porto Seguro;Cliente Um;Auto;${start};${br};1.000,00;1.073,80;10;Zeca Indicação;25;10`,
      `IM-2;Porto Seguro;Cliente Dois;Auto;${start};${br};1.000,00;1.073,80;10;Zeca Indicação;;`,
      `IM-3;Porto Seguro;Cliente Três;Auto;${start};${br};1.000,00;1.073,80;10;Lia Parceira;100;30`,
      `IM-4;Porto Seguro;Cliente Quatro;Auto;${start};${br};1.000,00;1.073,80;10;;;`,
    ]);
    expect(imported.preview.counts).toMatchObject({ create: 3, error: 1 });
    expect(JSON.stringify(imported.preview.rows)).toContain('Informe a participação e o repasse do angariador');
    expect(imported.status).toBe(202);
    const policies = (await api().get('/api/policies').set('Cookie', owner.cookie)).body as { id: number; policyNumber: string }[];
    const participantsOf = async (number: string) =>
      (
        await api()
          .get(`/api/policies/${policies.find((entry) => entry.policyNumber === number)!.id}`)
          .set('Cookie', owner.cookie)
      ).body.participants;
    // The batch's splits are written together, each on its own policy.
    expect(await participantsOf('IM-1')).toEqual([
      { memberId: owner.user.memberId, name: null, role: 'producer', share: 75, percent: null },
      { memberId: null, name: 'Zeca Indicação', role: 'angariador', share: 25, percent: 10 },
    ]);
    expect(await participantsOf('IM-3')).toEqual([{ memberId: null, name: 'Lia Parceira', role: 'angariador', share: 100, percent: 30 }]);
    expect(await participantsOf('IM-4')).toEqual([
      { memberId: owner.user.memberId, name: null, role: 'producer', share: 100, percent: null },
    ]);
  });

  test('bad input is a pt-BR 400: shares not adding up to 100, a member of another brokerage, an unknown insurer in a rule, a malformed month', async () => {
    const owner = await brokerWithRefs();
    const ana = await member(owner, 'producer');
    const other = await brokerWithRefs();
    const stranger = await member(other, 'producer');
    const policyId = await policyNumbered(owner, 'RP-300');
    const patch = (participants: unknown) => api().patch(`/api/policies/${policyId}`).set('Cookie', owner.cookie).send({ participants });
    const notHundred = await patch([{ memberId: ana.user.memberId, role: 'producer', share: 60 }]);
    expect(notHundred.status).toBe(400);
    expect(notHundred.body.issues).toEqual([{ path: 'participants', message: 'As participações devem somar 100%' }]);
    const foreign = await patch([{ memberId: stranger.user.memberId, role: 'producer', share: 100 }]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.issues).toEqual([{ path: 'participants.0.memberId', message: 'Escolha um membro ativo da corretora.' }]);
    const nameless = await patch([{ role: 'angariador', share: 100 }]);
    expect(nameless.status).toBe(400);
    expect((await patch(Array.from({ length: 4 }, () => ({ name: 'X', role: 'angariador', share: 25, percent: 1 })))).status).toBe(400);
    const rules = await api()
      .put(`/api/team/members/${ana.user.memberId}/commission-rules`)
      .set('Cookie', owner.cookie)
      .send({ default: 10, rules: [{ insurerId: 999999, percent: 20 }] });
    expect(rules.status).toBe(400);
    expect(rules.body.issues).toEqual([{ path: 'rules.0.insurerId', message: 'Selecione uma das suas seguradoras.' }]);
    expect(
      (
        await api()
          .put(`/api/team/members/${ana.user.memberId}/commission-rules`)
          .set('Cookie', owner.cookie)
          .send({ default: 120, rules: [] })
      ).status,
    ).toBe(400);
    expect((await api().get('/api/repasse?month=2026-13').set('Cookie', owner.cookie)).status).toBe(400);
    expect((await api().post('/api/repasse/2026-13/close').set('Cookie', owner.cookie)).status).toBe(400);
    expect((await api().post('/api/repasse/2999-01/close').set('Cookie', owner.cookie)).status).toBe(400);
    // Nothing was written by any of them.
    expect((await api().get(`/api/policies/${policyId}`).set('Cookie', owner.cookie)).body.participants).toHaveLength(1);
  });
});
