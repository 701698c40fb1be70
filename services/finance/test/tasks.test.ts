import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { PIPELINE_OPERATIONS, type DigestSend } from '@corretora/contracts';
import { createInternalClient } from '@corretora/service-kit';
import { TEST_INTERNAL_TOKEN, testConfig } from '@corretora/service-kit/testing';
import { createPipelineService, type PipelineApp } from '../../pipeline/src/app';
import { financeStack, type Who } from './stack';

/** Minhas tarefas, going cold and the daily digest (#25): pipeline's cards, finance's renewals, identity's mail. */
const stack = financeStack();
const { api, pipelineApi, cataloguesApi, brokerWithRefs, member, newLead, services, urls, importPolicies, finalizedCard, issue } = stack;

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
function plusDays(days: number, from = today()): string {
  const date = new Date(`${from}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
const br = (iso: string) => iso.split('-').reverse().join('/');
const nineAm = (day: string) => `${day}T12:00:00.000Z`;

async function lead(who: Who, name: string) {
  const created = await newLead(who, { name, phone: '(11) 98765-4321', productId: who.refs.products[0]!.id });
  expect(created.status).toBe(201);
  return created.body as { id: number; contactId: number; lastActivityAt: string };
}

const setNextAction = (who: Who, cardId: number, body: Record<string, unknown>) =>
  pipelineApi().put(`/api/pipeline-cards/${cardId}/next-action`).set('Cookie', who.cookie).send(body);

/** Policies ending in 5 days and in 40 days (renewal items follow). */
const book = (who: Who) =>
  importPolicies(who, [
    ['T-5', 'Auto', plusDays(5)],
    ['T-40', 'Auto', plusDays(40)],
  ]);

interface TaskAnswer {
  id: string;
  kind: string;
  window: string;
  type: string | null;
  title: string;
  detail: string;
  dueAt: string;
}
const tasksOf = async (who: Who, when?: string) => {
  const answer = await pipelineApi()
    .get(`/api/tasks${when ? `?when=${when}` : ''}`)
    .set('Cookie', who.cookie);
  expect(answer.status).toBe(200);
  return answer.body as { tasks: TaskAnswer[]; counts: Record<string, number> };
};

/**
 * Minhas tarefas a page at a time (#63) agrees with the whole lists: each list paged two at a time
 * holds the same tasks in the same order, the counts are the same, and without a list the page is
 * Atrasadas when something is late, else Hoje.
 */
async function pagesAgree(who: Who) {
  const whole = await tasksOf(who);
  for (const when of ['overdue', 'today', 'upcoming'] as const) {
    const paged: TaskAnswer[] = [];
    for (let page = 1; page <= 20; page += 1) {
      const answer = await pipelineApi().get(`/api/tasks/page?when=${when}&page=${page}&pageSize=2`).set('Cookie', who.cookie);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ when, page, pageSize: 2, total: whole.counts[when], counts: whole.counts });
      paged.push(...answer.body.items);
      if (answer.body.items.length < 2) break;
    }
    expect(paged).toEqual(whole.tasks.filter((task) => task.window === when));
  }
  const opened = (await pipelineApi().get('/api/tasks/page').set('Cookie', who.cookie)).body;
  expect(opened.when).toBe((whole.counts.overdue ?? 0) > 0 ? 'overdue' : 'today');
  expect(opened).toMatchObject({ total: whole.counts[opened.when as 'overdue' | 'today'], counts: whole.counts });
  expect(opened.items).toEqual(whole.tasks.filter((task) => task.window === opened.when).slice(0, 50));
}

describe('next actions and going cold', () => {
  test("a card's next action is set, cleared and refused with pt-BR messages; another broker's card is a 404", async () => {
    const who = await brokerWithRefs();
    const card = await lead(who, 'Ana Prado');
    const set = await setNextAction(who, card.id, { dueAt: nineAm(plusDays(2)), type: 'ligar', note: 'Falar da franquia' });
    expect(set.status).toBe(200);
    expect(set.body.nextAction).toEqual({ dueAt: expect.stringMatching(/T12:00:00/), type: 'ligar', note: 'Falar da franquia' });
    expect(Date.parse(set.body.nextAction.dueAt)).toBe(Date.parse(nineAm(plusDays(2))));

    const other = await brokerWithRefs();
    expect((await setNextAction(other, card.id, { dueAt: nineAm(plusDays(2)), type: 'ligar' })).status).toBe(404);
    const noType = await setNextAction(who, card.id, { dueAt: nineAm(plusDays(2)) });
    expect(noType.status).toBe(400);
    expect(noType.body.issues).toEqual([{ path: 'type', message: 'Escolha o tipo da próxima ação' }]);
    expect((await setNextAction(who, card.id, { dueAt: 'amanhã', type: 'ligar' })).status).toBe(400);
    expect((await setNextAction(who, card.id, { dueAt: nineAm(plusDays(2)), type: 'dançar' })).status).toBe(400);

    const board = (await pipelineApi().get('/api/pipeline').set('Cookie', who.cookie)).body as { id: number; nextAction: unknown }[];
    expect(board.find((candidate) => candidate.id === card.id)!.nextAction).toMatchObject({ type: 'ligar' });
    const cleared = await setNextAction(who, card.id, { dueAt: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.nextAction).toBeNull();
  });

  test("a stage's idle limit is set in Configurações; a card idle past it warms up when a call is logged with its contact", async () => {
    const who = await brokerWithRefs();
    const stages = who.refs.pipelineStages;
    expect(stages.map((stage) => [stage.key, stage.idleDays])).toEqual([
      ['leads', 3],
      ['qualified', 7],
      ['proposal', 5],
      ['closed', null],
    ]);
    const leads = stages.find((stage) => stage.key === 'leads')!;
    const saved = await cataloguesApi()
      .put('/api/pipeline-stages/idle-limits')
      .set('Cookie', who.cookie)
      .send({ stages: [{ id: leads.id, idleDays: 2 }] });
    expect(saved.status).toBe(200);
    expect((saved.body as { key: string; idleDays: number | null }[]).find((stage) => stage.key === 'leads')!.idleDays).toBe(2);
    const bad = await cataloguesApi()
      .put('/api/pipeline-stages/idle-limits')
      .set('Cookie', who.cookie)
      .send({ stages: [{ id: leads.id, idleDays: 0 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toEqual({ path: 'stages.0.idleDays', message: 'Use de 1 a 365 dias, ou deixe sem limite' });
    const other = await brokerWithRefs();
    const foreign = await cataloguesApi()
      .put('/api/pipeline-stages/idle-limits')
      .set('Cookie', other.cookie)
      .send({ stages: [{ id: leads.id, idleDays: 9 }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.issues).toEqual([{ path: 'stages.0.id', message: 'Etapa não encontrada.' }]);
    const mine = (await services.catalogues!.knex('pipeline_stages').where({ id: leads.id }).first('idleDays')) as { idleDays: number };
    expect(mine.idleDays).toBe(2);

    const card = await lead(who, 'Bruno Lima');
    // Ten days without anything done (the clock of the test: the row's last activity moved back).
    await services
      .pipeline!.knex('pipeline_cards')
      .where({ id: card.id })
      .update({ last_activity_at: services.pipeline!.knex.raw("now() - interval '10 days'") });
    const cold = (
      (await pipelineApi().get('/api/pipeline').set('Cookie', who.cookie)).body as { id: number; lastActivityAt: string }[]
    ).find((candidate) => candidate.id === card.id)!;
    expect(Date.now() - Date.parse(cold.lastActivityAt)).toBeGreaterThan(9 * 86_400_000);

    const logged = await pipelineApi()
      .post(`/api/contacts/${card.contactId}/interactions`)
      .set('Cookie', who.cookie)
      .send({ type: 'ligacao', note: 'Retornou' });
    expect(logged.status).toBe(201);
    const warm = (
      (await pipelineApi().get('/api/pipeline').set('Cookie', who.cookie)).body as { id: number; lastActivityAt: string }[]
    ).find((candidate) => candidate.id === card.id)!;
    expect(Date.now() - Date.parse(warm.lastActivityAt)).toBeLessThan(60_000);
    const timeline = await pipelineApi().get(`/api/contacts/${card.contactId}/timeline`).set('Cookie', who.cookie);
    expect(timeline.body.entries[0]).toMatchObject({ kind: 'interaction', type: 'ligacao', note: 'Retornou' });
  });
});

describe('Minhas tarefas', () => {
  test('overdue, today and upcoming from cards and renewals; done, snooze; refused ones say why', async () => {
    const who = await brokerWithRefs();
    const late = await lead(who, 'Carlos Atrasado');
    const now = await lead(who, 'Dora Hoje');
    const soon = await lead(who, 'Edu Depois');
    const far = await lead(who, 'Fábio Longe');
    await setNextAction(who, late.id, { dueAt: nineAm(plusDays(-2)), type: 'ligar' });
    await setNextAction(who, now.id, { dueAt: nineAm(today()), type: 'whatsapp', note: 'Mandar cotação' });
    await setNextAction(who, soon.id, { dueAt: nineAm(plusDays(3)), type: 'reuniao' });
    await setNextAction(who, far.id, { dueAt: nineAm(plusDays(30)), type: 'email' });
    await book(who);
    const renewals = (await api().get('/api/renewals').set('Cookie', who.cookie)).body as { items: { id: number; policyNumber: string }[] };
    const t40 = renewals.items.find((item) => item.policyNumber === 'T-40')!;
    expect(
      (
        await api()
          .put(`/api/renewals/${t40.id}/next-action`)
          .set('Cookie', who.cookie)
          .send({ dueAt: nineAm(plusDays(1)), type: 'enviar_cotacao' })
      ).status,
    ).toBe(200);

    const all = await tasksOf(who);
    // A renewal without a next action is due from D-30 (T-5 ends in 5 days: late since 25 days ago).
    expect(all.counts).toEqual({ overdue: 2, today: 1, upcoming: 2 });
    await pagesAgree(who);
    for (const [query, message] of [
      ['when=ontem', 'Lista inválida: use today, overdue ou upcoming'],
      ['pageSize=101', 'Tamanho de página inválido'],
      ['page=0', 'Página inválida'],
    ]) {
      const answer = await pipelineApi().get(`/api/tasks/page?${query}`).set('Cookie', who.cookie);
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
    // A page past the lists' reach is empty, as one past the end (never the internal limit's 400).
    expect((await pipelineApi().get('/api/tasks/page?when=overdue&page=999999&pageSize=100').set('Cookie', who.cookie)).body).toMatchObject(
      {
        items: [],
        total: 2,
        page: 999999,
      },
    );
    // A producer of the brokerage: none of it is theirs.
    const producer = await member(who, 'producer');
    expect((await pipelineApi().get('/api/tasks/page?when=overdue').set('Cookie', producer.cookie)).body).toMatchObject({
      items: [],
      total: 0,
      counts: { overdue: 0, today: 0, upcoming: 0 },
    });
    expect(all.tasks.map((task) => [task.window, task.title, task.type])).toEqual([
      ['overdue', 'Cliente T-5', null],
      ['overdue', 'Carlos Atrasado', 'ligar'],
      ['today', 'Dora Hoje', 'whatsapp'],
      ['upcoming', 'Cliente T-40', 'enviar_cotacao'],
      ['upcoming', 'Edu Depois', 'reuniao'],
    ]);
    expect(all.tasks.find((task) => task.title === 'Cliente T-5')!.dueAt).toBe(nineAm(plusDays(-25)));
    expect(all.tasks.find((task) => task.title === 'Cliente T-5')!.detail).toBe(`Renovação da apólice T-5 (vence ${br(plusDays(5))})`);
    expect(all.tasks.find((task) => task.title === 'Dora Hoje')!.detail).toBe('Pipeline: Contato');
    expect((await tasksOf(who, 'today')).tasks.map((task) => task.title)).toEqual(['Dora Hoje']);
    expect((await pipelineApi().get('/api/tasks?when=ontem').set('Cookie', who.cookie)).status).toBe(400);

    // Done: the card's next action goes; a renewal without one is decided in Renovações.
    const dora = all.tasks.find((task) => task.title === 'Dora Hoje')!;
    expect((await pipelineApi().post(`/api/tasks/${dora.id}/done`).set('Cookie', who.cookie)).status).toBe(204);
    const again = await pipelineApi().post(`/api/tasks/${dora.id}/done`).set('Cookie', who.cookie);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Esta tarefa já foi concluída.');
    const bare = all.tasks.find((task) => task.title === 'Cliente T-5')!;
    const refused = await pipelineApi().post(`/api/tasks/${bare.id}/done`).set('Cookie', who.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/registre o resultado/);
    const renewalTask = all.tasks.find((task) => task.title === 'Cliente T-40')!;
    expect((await pipelineApi().post(`/api/tasks/${renewalTask.id}/done`).set('Cookie', who.cookie)).status).toBe(204);

    // Snooze: back on the day chosen; a renewal without an action gets a call then; never into the past.
    const carlos = all.tasks.find((task) => task.title === 'Carlos Atrasado')!;
    const snoozed = await pipelineApi()
      .post(`/api/tasks/${carlos.id}/snooze`)
      .set('Cookie', who.cookie)
      .send({ until: nineAm(plusDays(2)) });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body).toMatchObject({ id: carlos.id, window: 'upcoming', type: 'ligar' });
    const bareSnoozed = await pipelineApi()
      .post(`/api/tasks/${bare.id}/snooze`)
      .set('Cookie', who.cookie)
      .send({ until: nineAm(plusDays(1)) });
    expect(bareSnoozed.status).toBe(200);
    expect(bareSnoozed.body).toMatchObject({ id: bare.id, type: 'ligar', window: 'upcoming' });
    const past = await pipelineApi()
      .post(`/api/tasks/${carlos.id}/snooze`)
      .set('Cookie', who.cookie)
      .send({ until: nineAm(plusDays(-1)) });
    expect(past.status).toBe(400);
    expect(past.body.issues).toEqual([{ path: 'until', message: 'Escolha uma data futura para adiar.' }]);
    expect((await pipelineApi().post(`/api/tasks/${carlos.id}/snooze`).set('Cookie', who.cookie).send({ until: 'logo' })).status).toBe(400);

    const after = await tasksOf(who);
    expect(after.counts).toEqual({ overdue: 0, today: 0, upcoming: 3 });
    await pagesAgree(who);

    // Another broker's tasks, and ids that are no task, are 404 (never 5xx).
    const other = await brokerWithRefs();
    for (const id of [carlos.id, bare.id, 'card-0', 'card-99999999999', 'apolice-1', 'card-1%27', 'renewal-2147483648'])
      for (const call of [
        pipelineApi().post(`/api/tasks/${id}/done`).set('Cookie', other.cookie),
        pipelineApi()
          .post(`/api/tasks/${id}/snooze`)
          .set('Cookie', other.cookie)
          .send({ until: nineAm(plusDays(1)) }),
      ]) {
        const answer = await call;
        expect(answer.status).toBe(404);
        expect(answer.body.message).toBe('Tarefa não encontrada.');
      }
    expect((await tasksOf(other)).tasks).toEqual([]);
    expect((await pipelineApi().get('/api/tasks/page').set('Cookie', other.cookie)).body).toMatchObject({
      items: [],
      total: 0,
      when: 'today',
    });
    // Nothing of the broker's changed through the other's calls.
    expect((await tasksOf(who)).counts).toEqual({ overdue: 0, today: 0, upcoming: 3 });
  });

  test('a list a page at a time (#63) is the whole list’s, in its order: renewals imported out of order, cards and written tasks between them', async () => {
    const who = await brokerWithRefs();
    // Five policies ending within 30 days (all late renewals, D-30 past), imported out of their order.
    await importPolicies(
      who,
      [20, 5, 25, 10, 15].map((days) => [`P-${days}`, 'Auto', plusDays(days)] as const),
    );
    for (const [name, days] of [
      ['Gil Um', -3],
      ['Hana Dois', -12],
      ['Ivo Três', -40],
    ] as const)
      await setNextAction(who, (await lead(who, name)).id, { dueAt: nineAm(plusDays(days)), type: 'ligar' });
    await pipelineApi()
      .post('/api/tasks')
      .set('Cookie', who.cookie)
      .send({ title: 'Conferir a vistoria', dueAt: plusDays(-7) });
    expect((await tasksOf(who)).counts.overdue).toBe(9);
    await pagesAgree(who);
  });

  test('a client’s ficha shows their renewal as a task right after the import: its item is made for that client alone', async () => {
    const who = await brokerWithRefs();
    await book(who);
    const policies = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { contactId: number; policyNumber: string }[];
    const ficha = async (policyNumber: string) =>
      (
        await pipelineApi()
          .get(`/api/contacts/${policies.find((policy) => policy.policyNumber === policyNumber)!.contactId}/overview`)
          .set('Cookie', who.cookie)
      ).body as { tasks: TaskAnswer[]; renewals: { policyNumber: string }[] };
    const t5 = await ficha('T-5');
    expect(t5.tasks).toEqual([expect.objectContaining({ kind: 'renewal', window: 'overdue' })]);
    expect(t5.tasks[0]!.detail).toMatch(/^Renovação da apólice T-5 /);
    expect(t5.renewals.map((renewal) => renewal.policyNumber)).toEqual(['T-5']);
    // T-40 ends in 40 days: work from D-30, ten days from now (upcoming); each ficha lists its own client's only.
    const t40 = await ficha('T-40');
    expect(t40.tasks).toEqual([expect.objectContaining({ kind: 'renewal', window: 'upcoming', title: 'Cliente T-40' })]);
    expect(t40.renewals.map((renewal) => renewal.policyNumber)).toEqual(['T-40']);
  });

  test('a task the broker writes (#35 item 5): on a day or at an hour, about a client, their card or their policy; done, snoozed; another brokerage’s ids are 404s', async () => {
    const who = await brokerWithRefs();
    const other = await brokerWithRefs();
    const card = await lead(who, 'Gabi Vistoria');
    await importPolicies(who, [['W-1', 'Auto', plusDays(200)]]);
    const ficha = (await pipelineApi().get('/api/contacts?q=Cliente W-1').set('Cookie', who.cookie)).body.items[0] as { id: number };
    const policyId = ((await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number; policyNumber: string }[]).find(
      (policy) => policy.policyNumber === 'W-1',
    )!.id;
    const write = (body: Record<string, unknown>, as: Who = who) => pipelineApi().post('/api/tasks').set('Cookie', as.cookie).send(body);

    const atTwo = await write({ title: '  Pedir a vistoria  ', dueAt: `${today()}T23:59:00-03:00`, cardId: card.id });
    expect(atTwo.status).toBe(201);
    expect(atTwo.body).toMatchObject({
      kind: 'task',
      title: 'Pedir a vistoria',
      timed: true,
      window: 'today',
      contactId: card.contactId,
      cardId: card.id,
      detail: 'Gabi Vistoria · Negócio em Contato',
    });
    expect(atTwo.body.id).toMatch(/^task-\d+$/);
    const onDay = await write({ title: 'Renovar a CNH do cliente', dueAt: plusDays(-1), contactId: ficha.id, policyId });
    expect(onDay.status).toBe(201);
    expect(onDay.body).toMatchObject({ timed: false, window: 'overdue', dueAt: nineAm(plusDays(-1)), policyId });
    const loose = await write({ title: 'Pagar o boleto do sistema', dueAt: plusDays(3) });
    expect(loose.body).toMatchObject({ window: 'upcoming', contactId: null, detail: 'Tarefa da corretora' });
    expect((await tasksOf(who)).tasks.filter((task) => task.kind === 'task').map((task) => task.title)).toEqual([
      'Renovar a CNH do cliente',
      'Pedir a vistoria',
      'Pagar o boleto do sistema',
    ]);
    await pagesAgree(who);
    // On the client's ficha too.
    const overview = (await pipelineApi().get(`/api/contacts/${card.contactId}/overview`).set('Cookie', who.cookie)).body as {
      tasks: { id: string }[];
    };
    expect(overview.tasks.map((task) => task.id)).toContain(atTwo.body.id);

    // Bad input: pt-BR 400s on the field, nothing written.
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ title: '', dueAt: today() }, 'title', 'Descreva a tarefa'],
      [{ title: 'x'.repeat(201), dueAt: today() }, 'title', 'Máximo de 200 caracteres'],
      [{ title: 'Ligar', dueAt: '31/12/2026' }, 'dueAt', 'Data inválida: use AAAA-MM-DD ou AAAA-MM-DDTHH:MM:SSZ'],
      [{ title: 'Ligar', dueAt: '2026-02-30' }, 'dueAt', 'Data inválida: use AAAA-MM-DD ou AAAA-MM-DDTHH:MM:SSZ'],
      [{ title: 'Ligar', dueAt: today(), contactId: 'abc' }, 'contactId', 'Contato inválido'],
      [{ title: 'Ligar', dueAt: today(), policyId }, 'policyId', 'Escolha o cliente da apólice.'],
      [{ title: 'Ligar', dueAt: today(), cardId: card.id, contactId: ficha.id }, 'cardId', 'Este negócio é de outro contato.'],
    ];
    for (const [body, path, message] of refusals) {
      const answer = await write(body);
      expect(answer.status).toBe(400);
      expect(answer.body.issues).toContainEqual({ path, message });
    }
    // Another brokerage's contact, card and policy are 404s, as if they did not exist.
    for (const [body, path] of [
      [{ title: 'Ligar', dueAt: today(), contactId: ficha.id }, 'contactId'],
      [{ title: 'Ligar', dueAt: today(), cardId: card.id }, 'cardId'],
    ] as const) {
      const answer = await write(body, other);
      expect(answer.status).toBe(404);
      expect(answer.body.issues[0].path).toBe(path);
    }
    const theirClient = (await lead(other, 'Outro Cliente')).contactId;
    expect((await write({ title: 'Ligar', dueAt: today(), contactId: theirClient, policyId }, other)).status).toBe(404);
    expect((await tasksOf(who)).tasks.filter((task) => task.kind === 'task')).toHaveLength(3);

    // Done once (a second is a 409), snoozed forward; another brokerage's written task is a 404.
    expect(
      (
        await pipelineApi()
          .post(`/api/tasks/${onDay.body.id}/snooze`)
          .set('Cookie', who.cookie)
          .send({ until: nineAm(plusDays(2)) })
      ).body,
    ).toMatchObject({
      window: 'upcoming',
    });
    for (const call of [
      pipelineApi().post(`/api/tasks/${loose.body.id}/done`).set('Cookie', other.cookie),
      pipelineApi()
        .post(`/api/tasks/${loose.body.id}/snooze`)
        .set('Cookie', other.cookie)
        .send({ until: nineAm(plusDays(2)) }),
    ])
      expect((await call).status).toBe(404);
    expect((await pipelineApi().post(`/api/tasks/${loose.body.id}/done`).set('Cookie', who.cookie)).status).toBe(204);
    const twice = await pipelineApi().post(`/api/tasks/${loose.body.id}/done`).set('Cookie', who.cookie);
    expect(twice.status).toBe(409);
    expect((await tasksOf(who)).tasks.filter((task) => task.kind === 'task').map((task) => task.title)).toEqual([
      'Pedir a vistoria',
      'Renovar a CNH do cliente',
    ]);
  });
});

describe('a written task edited and deleted', () => {
  test('its words and when change (whom it is about stays); it can be deleted; a card’s next action is changed on the card (409); another brokerage’s is a 404; bad input a pt-BR 400', async () => {
    const who = await brokerWithRefs();
    const other = await brokerWithRefs();
    const card = await lead(who, 'Lia Edita');
    const written = await pipelineApi()
      .post('/api/tasks')
      .set('Cookie', who.cookie)
      .send({ title: 'Ligar para a Lia', dueAt: plusDays(2), cardId: card.id });
    expect(written.status).toBe(201);
    const edit = (id: string, body: Record<string, unknown>, as: Who = who) =>
      pipelineApi().patch(`/api/tasks/${id}`).set('Cookie', as.cookie).send(body);

    const edited = await edit(written.body.id, {
      title: '  Ligar para a Lia às 10h  ',
      dueAt: `${plusDays(-1)}T10:00:00-03:00`,
      cardId: 999,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: written.body.id,
      title: 'Ligar para a Lia às 10h',
      timed: true,
      window: 'overdue',
      cardId: card.id,
      contactId: card.contactId,
      detail: 'Lia Edita · Negócio em Contato',
    });
    expect((await tasksOf(who)).tasks.find((task) => task.id === written.body.id)).toMatchObject({ title: 'Ligar para a Lia às 10h' });
    for (const [body, path, message] of [
      [{ title: '', dueAt: today() }, 'title', 'Descreva a tarefa'],
      [{ title: 'Ligar', dueAt: '2026-02-30' }, 'dueAt', 'Data inválida: use AAAA-MM-DD ou AAAA-MM-DDTHH:MM:SSZ'],
      [{ title: 'Ligar' }, 'dueAt', 'Informe a data'],
    ] as const) {
      const refused = await edit(written.body.id, body);
      expect(refused.status).toBe(400);
      expect(refused.body.issues).toContainEqual({ path, message });
    }

    // Another brokerage: 404 on both verbs, nothing changed.
    expect((await edit(written.body.id, { title: 'Roubada', dueAt: today() }, other)).status).toBe(404);
    expect((await pipelineApi().delete(`/api/tasks/${written.body.id}`).set('Cookie', other.cookie)).status).toBe(404);
    // A card's next action is a task changed on its card; an unknown one is a 404.
    expect((await setNextAction(who, card.id, { type: 'ligar', dueAt: nineAm(plusDays(1)) })).status).toBe(200);
    const onCard = await edit(`card-${card.id}`, { title: 'Outra', dueAt: today() });
    expect([onCard.status, onCard.body.message]).toEqual([409, expect.stringContaining('altere-a por lá')]);
    expect((await edit('card-999999', { title: 'Outra', dueAt: today() })).status).toBe(404);
    expect((await pipelineApi().delete(`/api/tasks/card-${card.id}`).set('Cookie', who.cookie)).status).toBe(409);

    // Done, it cannot be edited (409); deleted, it is gone (a second delete is a 404).
    expect((await pipelineApi().post(`/api/tasks/${written.body.id}/done`).set('Cookie', who.cookie)).status).toBe(204);
    expect((await edit(written.body.id, { title: 'Depois', dueAt: today() })).status).toBe(409);
    expect((await pipelineApi().delete(`/api/tasks/${written.body.id}`).set('Cookie', who.cookie)).status).toBe(204);
    expect((await pipelineApi().delete(`/api/tasks/${written.body.id}`).set('Cookie', who.cookie)).status).toBe(404);
    expect((await tasksOf(who)).tasks.filter((task) => task.kind === 'task')).toEqual([]);
  });
});

describe('a policy awaiting the insurer’s number (#34 item 1)', () => {
  test('is a task from the day it was issued until the number is typed; snoozed, it comes back; done is refused; another broker’s is a 404', async () => {
    const who = await brokerWithRefs();
    const card = await finalizedCard(who);
    expect((await issue(who, card.id)).status).toBe(200);
    const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number; policyNumber: string }[];
    const id = `policy-${policy!.id}`;
    const task = (await tasksOf(who, 'today')).tasks.find((candidate) => candidate.id === id)!;
    await pagesAgree(who);
    expect(task).toMatchObject({
      kind: 'policy',
      window: 'today',
      type: null,
      title: 'Maria Souza',
      detail: `Informar o nº da seguradora da apólice emitida em ${br(today())} (hoje com o provisório ${policy!.policyNumber})`,
    });
    const done = await pipelineApi().post(`/api/tasks/${id}/done`).set('Cookie', who.cookie);
    expect(done.status).toBe(409);
    expect(done.body.message).toBe('Esta tarefa se conclui ao informar o nº da seguradora da apólice, em Apólices.');
    const other = await brokerWithRefs();
    expect((await pipelineApi().post(`/api/tasks/${id}/done`).set('Cookie', other.cookie)).status).toBe(404);
    const foreign = await pipelineApi()
      .post(`/api/tasks/${id}/snooze`)
      .set('Cookie', other.cookie)
      .send({ until: nineAm(plusDays(2)) });
    expect(foreign.status).toBe(404);
    const snoozed = await pipelineApi()
      .post(`/api/tasks/${id}/snooze`)
      .set('Cookie', who.cookie)
      .send({ until: nineAm(plusDays(2)) });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body).toMatchObject({ id, window: 'upcoming', dueAt: nineAm(plusDays(2)) });
    await pagesAgree(who);
    expect((await tasksOf(who, 'today')).tasks.map((candidate) => candidate.id)).not.toContain(id);
    // The number typed: no longer a task.
    expect((await api().patch(`/api/policies/${policy!.id}`).set('Cookie', who.cookie).send({ policyNumber: 'AP-555' })).status).toBe(200);
    expect((await tasksOf(who)).tasks.map((candidate) => candidate.id)).not.toContain(id);
    expect(
      (
        await pipelineApi()
          .post(`/api/tasks/${id}/snooze`)
          .set('Cookie', who.cookie)
          .send({ until: nineAm(plusDays(3)) })
      ).status,
    ).toBe(404);
  });
});

describe('in parallel', () => {
  test('twenty dones of one task: one 204, the rest a 409; twenty settings writes leave one row in a clear state', async () => {
    const who = await brokerWithRefs();
    const card = await lead(who, 'Paulo Paralelo');
    await setNextAction(who, card.id, { dueAt: nineAm(today()), type: 'ligar' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pipelineApi().post(`/api/tasks/card-${card.id}/done`).set('Cookie', who.cookie)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, ...Array.from({ length: 19 }, () => 409)]);
    const writes = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        pipelineApi()
          .put('/api/tasks/digest-settings')
          .set('Cookie', who.cookie)
          .send({ enabled: index % 2 === 0 }),
      ),
    );
    expect(writes.every((answer) => answer.status === 200)).toBe(true);
    expect(await services.pipeline!.knex('digest_preferences').where({ userId: who.user.id }).count({ n: '*' })).toEqual([{ n: '1' }]);
  });

  test('a written task edited ten times at once keeps one of the edits whole; deleted ten times at once, one 204 and the rest 404s', async () => {
    const who = await brokerWithRefs();
    const written = await pipelineApi()
      .post('/api/tasks')
      .set('Cookie', who.cookie)
      .send({ title: 'Paralela', dueAt: plusDays(1) });
    // Within the next days, so the one kept is on Minhas tarefas whichever it is.
    const edits = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        pipelineApi()
          .patch(`/api/tasks/${written.body.id}`)
          .set('Cookie', who.cookie)
          .send({ title: `Edição ${index}`, dueAt: plusDays(1 + (index % 5)) }),
      ),
    );
    expect(edits.every((answer) => answer.status === 200)).toBe(true);
    const kept = (await tasksOf(who)).tasks.find((task) => task.id === written.body.id)!;
    const index = Number(kept.title.replace('Edição ', ''));
    expect(kept.dueAt).toBe(nineAm(plusDays(1 + (index % 5))));
    const deletes = await Promise.all(
      Array.from({ length: 10 }, () => pipelineApi().delete(`/api/tasks/${written.body.id}`).set('Cookie', who.cookie)),
    );
    expect(deletes.map((answer) => answer.status).sort()).toEqual([204, ...Array.from({ length: 9 }, () => 404)]);
  });
});

describe('the daily digest', () => {
  async function mailsTo(email: string) {
    const names = await readdir(urls.outbox);
    const mails = await Promise.all(
      names.map(
        async (name) => JSON.parse(await readFile(path.join(urls.outbox, name), 'utf8')) as { to: string; subject: string; text: string },
      ),
    );
    return mails.filter((mail) => mail.to === email);
  }

  const at = (instant: string) => new Date(instant);
  const running: PipelineApp[] = [];
  afterEach(async () => {
    for (const pipeline of running.splice(0)) await pipeline.close();
  });
  /** A replica of the pipeline on a clock of its own, running its job layer (the digest's schedule and sends), as `npm start` does. */
  async function replica(clock: string, identityUrl = urls.identity, digestRetryDelaySeconds = 1) {
    const pipeline = await createPipelineService({
      ...testConfig('pipeline', urls.database),
      cataloguesUrl: urls.catalogues,
      financeUrl: urls.finance,
      identityUrl,
      appUrl: 'http://crm.example',
      clock: () => at(clock),
      digestRetryDelaySeconds,
    });
    await pipeline.listen(0, 0);
    running.push(pipeline);
    return pipeline;
  }
  async function until(probe: () => Promise<boolean>, what: string) {
    for (let waited = 0; !(await probe()); waited += 100) {
      if (waited > 30_000) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  /** No daily_digest job waits or runs: the plan a replica was asked for is done. */
  const planned = () =>
    until(async () => {
      const { rows } = await services.pipeline!.knex.raw<{ rows: unknown[] }>(
        `select 1 from pipeline_jobs.job where name = 'daily_digest' and state in ('created', 'active')`,
      );
      return rows.length === 0;
    }, 'the day planned');
  /** What the 07:00 schedule does: sends the plan's job (a replica may have sent it as it started). */
  async function sevenOClock(pipeline: PipelineApp) {
    await pipeline.jobs.send('daily_digest');
    await planned();
  }
  const sendOf = async (who: Who, day: string) =>
    ((await pipelineApi().get('/api/tasks/digests').set('Cookie', who.cookie)).body as DigestSend[]).find((send) => send.day === day);
  const settled = (who: Who, day: string, status: 'sent' | 'failed') =>
    until(async () => (await sendOf(who, day))?.status === status, `${who.user.email}'s digest of ${day} ${status}`);

  test('lands once at 07:00 in São Paulo for a broker with overdue work, with any number of replicas; a failed send is retried and shown', async () => {
    // A day of its own, far from the real one, so nothing else plans it; the clock is the test's.
    const day = '2031-03-10';
    const who = await brokerWithRefs();
    const idle = await brokerWithRefs();
    for (const broker of [who, idle])
      await services.identity!.knex('users').insert({ id: broker.user.id, email: broker.user.email, password: 'x', name: 'Corretor' });
    const overdue = await lead(who, 'Gil Atrasado');
    const todays = await lead(who, 'Hana Hoje');
    await setNextAction(who, overdue.id, { dueAt: nineAm(plusDays(-1, day)), type: 'ligar', note: 'Segunda tentativa' });
    await setNextAction(who, todays.id, { dueAt: nineAm(day), type: 'email' });
    const idleCard = await lead(idle, 'Ivo Depois');
    await setNextAction(idle, idleCard.id, { dueAt: nineAm(plusDays(3, day)), type: 'ligar' });

    // 06:59 in São Paulo (09:59 UTC): a replica starting then plans nothing.
    await replica(`${day}T09:59:00Z`);
    await planned();
    expect(await sendOf(who, day)).toBeUndefined();
    await Promise.all(running.splice(0).map((pipeline) => pipeline.close()));

    // 07:00: two replicas; the schedule fires while both run, one is killed during the sends and
    // restarted, the other too: each member with work gets one mail.
    const [first] = await Promise.all([replica(`${day}T10:00:00Z`), replica(`${day}T10:00:00Z`)]);
    await first!.jobs.send('daily_digest');
    await running.shift()!.close();
    await replica(`${day}T10:01:00Z`);
    await running.shift()!.close();
    await replica(`${day}T10:01:00Z`);
    await settled(who, day, 'sent');
    const mails = await mailsTo(who.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Suas tarefas de 10/03/2031: 1 atrasada, 1 para hoje');
    expect(mails[0]!.text).toContain('- 09/03/2031 · Ligar · Gil Atrasado — Pipeline: Contato (Segunda tentativa)');
    expect(mails[0]!.text).toContain('- 10/03/2031 · E-mail · Hana Hoje — Pipeline: Contato');
    expect(mails[0]!.text).toContain('http://crm.example/tasks');
    // Nothing overdue or due today: no mail.
    expect(await mailsTo(idle.user.email)).toEqual([]);
    expect(await sendOf(who, day)).toMatchObject({ day, status: 'sent', attempts: 1, overdue: 1, today: 1, lastError: null });
    expect((await pipelineApi().get('/api/tasks/digests').set('Cookie', idle.cookie)).body).toEqual([]);
    // The schedule firing again that day (another replica, a minute later) sends nothing more.
    await sevenOClock(await replica(`${day}T10:02:00Z`));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await mailsTo(who.user.email)).toHaveLength(1);
    await Promise.all(running.splice(0).map((pipeline) => pipeline.close()));

    // The next day identity does not answer: the failure is recorded and shown with its retry time;
    // a replica that reaches identity then retries it, and the mail goes, once.
    const next = plusDays(1, day);
    const dead = 'http://127.0.0.1:9';
    // (Other brokers of this file have work due too; identity does not know them: their sends fail on their own.)
    await sevenOClock(await replica(`${next}T10:00:00Z`, dead, 3));
    await settled(who, next, 'failed');
    await Promise.all(running.splice(0).map((pipeline) => pipeline.close()));
    const failure = (await sendOf(who, next))!;
    expect(failure).toMatchObject({ day: next, status: 'failed', attempts: 1, nextAttemptAt: `${next}T10:00:03.000Z` });
    expect(failure.lastError).toBeTruthy();
    await replica(`${next}T10:05:00Z`);
    await settled(who, next, 'sent');
    expect((await mailsTo(who.user.email)).filter((mail) => mail.subject.includes('11/03/2031'))).toHaveLength(1);
    expect(await sendOf(who, next)).toMatchObject({ day: next, status: 'sent', attempts: 2, lastError: null, nextAttemptAt: null });
    await Promise.all(running.splice(0).map((pipeline) => pipeline.close()));

    // Turned off in Minhas tarefas: the next day's plan leaves the broker out (work still overdue).
    const settings = () => pipelineApi().get('/api/tasks/digest-settings').set('Cookie', who.cookie);
    expect((await settings()).body).toEqual({ enabled: true });
    const off = await pipelineApi().put('/api/tasks/digest-settings').set('Cookie', who.cookie).send({ enabled: false });
    expect(off.body).toEqual({ enabled: false });
    expect((await pipelineApi().put('/api/tasks/digest-settings').set('Cookie', who.cookie).send({ enabled: 'sim' })).status).toBe(400);
    expect((await settings()).body).toEqual({ enabled: false });
    expect((await pipelineApi().get('/api/tasks/digest-settings').set('Cookie', idle.cookie)).body).toEqual({ enabled: true });
    const third = plusDays(2, day);
    await Promise.all(running.splice(0).map((pipeline) => pipeline.close()));
    await sevenOClock(await replica(`${third}T10:00:00Z`));
    expect(await sendOf(who, third)).toBeUndefined();
    expect((await mailsTo(who.user.email)).filter((mail) => mail.subject.includes(br(third)))).toEqual([]);

    // Limpar Dados takes the digests' record with the rest; the days stay planned (nothing is sent again).
    await createInternalClient(urls.pipeline, TEST_INTERNAL_TOKEN).call(PIPELINE_OPERATIONS.clearData, { params: { userId: who.user.id } });
    expect((await pipelineApi().get('/api/tasks/digests').set('Cookie', who.cookie)).body).toEqual([]);
    expect((await settings()).body).toEqual({ enabled: true });
    await Promise.all(running.splice(0).map((pipeline) => pipeline.close()));
    await sevenOClock(await replica(`${next}T10:30:00Z`));
    expect((await pipelineApi().get('/api/tasks/digests').set('Cookie', who.cookie)).body).toEqual([]);
    expect((await mailsTo(who.user.email)).filter((mail) => mail.subject.includes('11/03/2031'))).toHaveLength(1);
  });

  test('is each member’s own (#38): an owner and a producer of one brokerage each get their own work, and choose for themselves', async () => {
    const day = '2031-06-16';
    const owner = await brokerWithRefs();
    const producer = await member(owner, 'producer');
    await services.identity!.knex('users').insert({ id: owner.user.id, email: owner.user.email, password: 'x', name: 'Dona' });
    const mine = await lead(owner, 'Olga da Dona');
    const theirs = await lead(producer, 'Paulo do Produtor');
    await setNextAction(owner, mine.id, { dueAt: nineAm(day), type: 'ligar' });
    await setNextAction(producer, theirs.id, { dueAt: nineAm(day), type: 'whatsapp' });
    // A written task of the producer's alone is work for the digest too.
    const written = await pipelineApi()
      .post('/api/tasks')
      .set('Cookie', producer.cookie)
      .send({ title: 'Levar a vistoria', dueAt: `${day}T15:00:00Z`, contactId: theirs.contactId });
    expect(written.status).toBe(201);

    await sevenOClock(await replica(`${day}T10:00:00Z`));
    await settled(owner, day, 'sent');
    await settled(producer, day, 'sent');
    const [ownerMail] = await mailsTo(owner.user.email);
    const [producerMail] = await mailsTo(producer.user.email);
    expect(ownerMail!.text).toContain('Olga da Dona');
    expect(ownerMail!.text).not.toContain('Paulo do Produtor');
    expect(producerMail!.subject).toBe('Suas tarefas de 16/06/2031: 0 atrasadas, 2 para hoje');
    expect(producerMail!.text).toContain('Paulo do Produtor');
    expect(producerMail!.text).toContain('Levar a vistoria');
    expect(producerMail!.text).not.toContain('Olga da Dona');
    // Each reads only their own sends.
    const sends = async (who: Who) =>
      ((await pipelineApi().get('/api/tasks/digests').set('Cookie', who.cookie)).body as { today: number }[]).map((send) => send.today);
    expect(await sends(owner)).toEqual([1]);
    expect(await sends(producer)).toEqual([2]);

    // The producer turns theirs off; the owner's stays on, and the next day only the owner is mailed.
    expect((await pipelineApi().put('/api/tasks/digest-settings').set('Cookie', producer.cookie).send({ enabled: false })).body).toEqual({
      enabled: false,
    });
    expect((await pipelineApi().get('/api/tasks/digest-settings').set('Cookie', owner.cookie)).body).toEqual({ enabled: true });
    const next = plusDays(1, day);
    await Promise.all(running.splice(0).map((pipeline) => pipeline.close()));
    await sevenOClock(await replica(`${next}T10:00:00Z`));
    await settled(owner, next, 'sent');
    expect((await mailsTo(owner.user.email)).map((mail) => mail.subject)).toContain('Suas tarefas de 17/06/2031: 1 atrasada, 0 para hoje');
    expect(await mailsTo(producer.user.email)).toHaveLength(1);
  });
});

describe('dates and ids PostgreSQL would refuse (#33 items 4-5): a pt-BR 400 on the field, never a 500, nothing stored', () => {
  test('snooze, next actions, payment plan and merge', async () => {
    const who = await brokerWithRefs();
    const card = await lead(who, 'Gil Datas');
    const other = await lead(who, 'Hugo Datas');
    await book(who);
    const renewal = ((await api().get('/api/renewals').set('Cookie', who.cookie)).body as { items: { id: number }[] }).items[0]!;
    const sold = await finalizedCard(who);
    expect((await issue(who, sold.id)).status).toBe(200);
    const policy = ((await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number; cardId: number | null }[]).find(
      (item) => item.cardId === sold.id,
    )!;
    expect((await setNextAction(who, card.id, { dueAt: nineAm(plusDays(2)), type: 'ligar' })).status).toBe(200);
    const refusedWith = async (answer: { status: number; body: { issues?: { path: string }[] } }, field: string) => {
      expect(answer.status).toBe(400);
      expect(answer.body.issues?.[0]?.path).toBe(field);
    };

    for (const dueAt of ['2026-02-30T12:00:00Z', `${plusDays(2)}T12:00:00-23:59`, '0000-01-01T00:00:00Z', `${plusDays(2)}T12:00:00+14:01`])
      await refusedWith(await setNextAction(who, card.id, { dueAt, type: 'ligar' }), 'dueAt');
    for (const dueAt of ['2026-02-30T12:00:00Z', `${plusDays(2)}T12:00:00-23:59`])
      await refusedWith(
        await api().put(`/api/renewals/${renewal.id}/next-action`).set('Cookie', who.cookie).send({ dueAt, type: 'ligar' }),
        'dueAt',
      );
    for (const until of [`${plusDays(1)}T10:00:00-23:59`, '2027-02-30T10:00:00Z', '2101-01-01T00:00:00Z'])
      await refusedWith(await pipelineApi().post(`/api/tasks/card-${card.id}/snooze`).set('Cookie', who.cookie).send({ until }), 'until');
    // The widest real offsets are taken.
    const snoozed = await pipelineApi()
      .post(`/api/tasks/card-${card.id}/snooze`)
      .set('Cookie', who.cookie)
      .send({ until: `${plusDays(3)}T23:00:00+14:00` });
    expect(snoozed.status).toBe(200);
    for (const firstDueDate of ['0000-01-01', '2026-02-30', '2101-01-01', '99999-01-01'])
      await refusedWith(
        await api().put(`/api/policies/${policy.id}/payment-plan`).set('Cookie', who.cookie).send({ instalments: 2, firstDueDate }),
        'firstDueDate',
      );
    for (const otherId of [2_147_483_648, 1e308, -1, 1.5])
      await refusedWith(
        await pipelineApi().post(`/api/contacts/${card.contactId}/merge`).set('Cookie', who.cookie).send({ otherId }),
        'otherId',
      );
    // Nothing of it was stored: the card's action is the one set, the renewal has none, both contacts remain.
    const tasks = await tasksOf(who);
    expect(tasks.tasks.find((task) => task.id === `card-${card.id}`)?.dueAt.slice(0, 10)).toBe(plusDays(3));
    expect(
      ((await api().get('/api/renewals').set('Cookie', who.cookie)).body as { items: { id: number; nextAction: unknown }[] }).items.find(
        (item) => item.id === renewal.id,
      )?.nextAction ?? null,
    ).toBeNull();
    expect((await pipelineApi().get(`/api/contacts/${other.contactId}`).set('Cookie', who.cookie)).status).toBe(200);
  });
});
