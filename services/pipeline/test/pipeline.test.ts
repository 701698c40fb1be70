import request from 'supertest';
import { COMPANY, COMPANY_ADDRESS, pipelineFixture } from './stack';

/** The real catalogues service on the same database: every id is checked over its internal listener. */
const { fixture, catalogues: cataloguesService } = pipelineFixture();
const { api, broker } = fixture;

interface Refs {
  products: { id: number; name: string }[];
  leadSources: { id: number; name: string }[];
  insurers: { id: number; name: string }[];
  pipelineStages: { id: number; key: string }[];
}

/** A broker with a session and their own catalogues (as the reference data gives them). */
async function brokerWithRefs() {
  const who = await broker();
  // The same session row serves both services (one shared session, as through the gateway).
  const refs = (await request(cataloguesService().app.callback()).get('/api/reference-data').set('Cookie', who.cookie)).body as Refs;
  const stage = (key: string) => refs.pipelineStages.find((s) => s.key === key)!.id;
  return { ...who, refs, stage };
}

type WithRefs = Awaited<ReturnType<typeof brokerWithRefs>>;

function lead(who: WithRefs, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Maria Souza',
    cpf: '529.982.247-25',
    phone: '(11) 98765-4321',
    leadSourceId: who.refs.leadSources[0]!.id,
    productId: who.refs.products[0]!.id,
    stageId: who.stage('leads'),
    type: 'prospect',
    email: '',
    annualPremium: null,
    notes: '',
    stage: 'leads',
    ...overrides,
  };
}

async function createLead(who: WithRefs, overrides: Record<string, unknown> = {}) {
  const response = await api().post('/api/pipeline').set('Cookie', who.cookie).send(lead(who, overrides));
  expect(response.status).toBe(201);
  return response.body as { id: number; contactId: number; stage: string; status: string; contact: { id: number; name: string } };
}

const FINALIZE = (who: WithRefs) => ({
  insurerId: who.refs.insurers[0]!.id,
  startDate: '2026-12-01',
  endDate: '2027-12-01',
  premioLiquido: '1000.00',
  iof: '73.80',
  juros: '10.05',
  totalPremium: '1083.85',
  commissionPercentage: '12.50',
});

async function sqlCount<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const knex = fixture.service.knex;
  let statements = 0;
  const listener = () => {
    statements += 1;
  };
  knex.on('query', listener);
  try {
    return { result: await run(), statements };
  } finally {
    knex.off('query', listener);
  }
}

describe('leads and the board', () => {
  test('a new lead is a prospect contact and its card, in one transaction, on the board', async () => {
    const who = await brokerWithRefs();
    const card = await createLead(who);
    expect(card).toMatchObject({
      stage: 'leads',
      status: 'active',
      contact: { name: 'Maria Souza', type: 'prospect', cpf: '52998224725', phone: '11987654321' },
    });
    const board = await api().get('/api/pipeline').set('Cookie', who.cookie);
    expect(board.status).toBe(200);
    expect(board.body).toEqual([expect.objectContaining({ id: card.id, stage: 'leads', stageEnteredAt: expect.any(String) })]);
    const contacts = await api().get('/api/contacts').set('Cookie', who.cookie);
    expect(contacts.body).toMatchObject({ total: 1, items: [{ name: 'Maria Souza', type: 'prospect' }] });
    const leads = await api().get('/api/pipeline-leads').set('Cookie', who.cookie);
    expect(leads.body).toEqual([{ id: card.id, name: 'Maria Souza', stage: 'leads', createdAt: expect.any(String) }]);
  });

  test('New lead validation messages, and nothing is written', async () => {
    const who = await brokerWithRefs();
    const response = await api()
      .post('/api/pipeline')
      .set('Cookie', who.cookie)
      .send({ name: '', phone: '', leadSourceId: '', productId: null });
    expect(response.status).toBe(400);
    const messages = Object.fromEntries(
      (response.body.issues as { path: string; message: string }[]).map((issue) => [issue.path, issue.message]),
    );
    expect(messages).toMatchObject({
      name: 'Nome é obrigatório',
      phone: 'Telefone é obrigatório',
      leadSourceId: 'Origem do lead é obrigatório',
      productId: 'Tipo de seguro é obrigatório',
      stageId: 'Estágio é obrigatório',
    });
    const badCpf = await api()
      .post('/api/pipeline')
      .set('Cookie', who.cookie)
      .send(lead(who, { cpf: '111.111.111-11' }));
    expect(badCpf.body.issues).toEqual([{ path: 'cpf', message: 'CPF inválido. Use 11 dígitos ou formato especial com XX' }]);
    expect((await api().get('/api/pipeline').set('Cookie', who.cookie)).body).toEqual([]);
    expect((await api().get('/api/contacts').set('Cookie', who.cookie)).body.total).toBe(0);
  });

  test("another broker's or an unknown catalogue id is a pt-BR 400 naming the field", async () => {
    const who = await brokerWithRefs();
    const other = await brokerWithRefs();
    const foreign = await api()
      .post('/api/pipeline')
      .set('Cookie', who.cookie)
      .send(lead(who, { productId: other.refs.products[0]!.id }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.issues).toEqual([{ path: 'productId', message: 'Tipo de seguro não encontrado' }]);
    const unknown = await api()
      .post('/api/pipeline')
      .set('Cookie', who.cookie)
      .send(lead(who, { leadSourceId: 2147483647, stageId: other.stage('leads') }));
    expect(unknown.body.issues).toEqual([
      { path: 'leadSourceId', message: 'Origem do lead não encontrada' },
      { path: 'stageId', message: 'Estágio não encontrado' },
    ]);
    const disagree = await api()
      .post('/api/pipeline')
      .set('Cookie', who.cookie)
      .send(lead(who, { stage: 'qualified' }));
    expect(disagree.status).toBe(400);
    const closed = await api()
      .post('/api/pipeline')
      .set('Cookie', who.cookie)
      .send(lead(who, { stage: 'closed', stageId: who.stage('closed') }));
    expect(closed.status).toBe(400);
    expect((await api().get('/api/contacts').set('Cookie', who.cookie)).body.total).toBe(0);
  });

  test('a move changes the stage in at most 3 SQL statements; the same stage is a no-op; Finalizado needs the form', async () => {
    const who = await brokerWithRefs();
    const card = await createLead(who);
    const { result: moved, statements } = await sqlCount(() =>
      api().patch(`/api/pipeline/${card.id}`).set('Cookie', who.cookie).send({ stage: 'qualified' }),
    );
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: card.id, stage: 'qualified', stageId: who.stage('qualified') });
    expect(statements).toBeLessThanOrEqual(3);

    const same = await sqlCount(() =>
      api()
        .patch(`/api/pipeline/${card.id}`)
        .set('Cookie', who.cookie)
        .send({ stageId: who.stage('qualified') }),
    );
    expect(same.result.status).toBe(200);
    expect(same.result.body.updatedAt).toBe(moved.body.updatedAt);
    expect(same.statements).toBeLessThanOrEqual(3);

    const toClosed = await api().patch(`/api/pipeline/${card.id}`).set('Cookie', who.cookie).send({ stage: 'closed' });
    expect(toClosed.status).toBe(409);
    expect(toClosed.body.message).toBe('Para mover um card para Finalizado, preencha o formulário de finalização.');
    const bad = await api().patch(`/api/pipeline/${card.id}`).set('Cookie', who.cookie).send({ stage: 'nowhere' });
    expect(bad.status).toBe(400);
    expect((await api().patch(`/api/pipeline/${card.id}`).set('Cookie', who.cookie).send({})).body.issues).toEqual([
      { path: 'stage', message: 'Estágio é obrigatório' },
    ]);
  });

  test('reading the board costs the same number of statements for 1 card and for 60', async () => {
    const who = await brokerWithRefs();
    await createLead(who);
    const one = await sqlCount(() => api().get('/api/pipeline').set('Cookie', who.cookie));
    for (let i = 0; i < 59; i += 1) await createLead(who, { name: `Lead ${i}` });
    const many = await sqlCount(() => api().get('/api/pipeline').set('Cookie', who.cookie));
    expect(many.result.body).toHaveLength(60);
    expect(many.statements).toBe(one.statements);
  });

  test('archive with a reason, refused moves and edits while archived, restore', async () => {
    const who = await brokerWithRefs();
    const card = await createLead(who);
    const archived = await api().post(`/api/pipeline-cards/${card.id}/archive`).set('Cookie', who.cookie).send({ reason: 'Sem interesse' });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ status: 'archived', archivedReason: 'Sem interesse', archivedAt: expect.any(String) });
    expect((await api().get('/api/pipeline').set('Cookie', who.cookie)).body).toEqual([]);
    expect((await api().get('/api/pipeline-cards?archived=true').set('Cookie', who.cookie)).body).toEqual([
      expect.objectContaining({ id: card.id }),
    ]);

    const move = await api().patch(`/api/pipeline/${card.id}`).set('Cookie', who.cookie).send({ stage: 'proposal' });
    expect(move.status).toBe(409);
    expect(move.body.message).toBe('Card arquivado não pode ser movido nem editado. Restaure-o primeiro.');
    const edit = await api()
      .patch(`/api/contacts/${card.contactId}`)
      .set('Cookie', who.cookie)
      .send({ name: 'Outro Nome', phone: '11987654321' });
    expect(edit.status).toBe(409);
    const finalize = await api().post(`/api/pipeline-cards/${card.id}/confirm-issuance`).set('Cookie', who.cookie).send(FINALIZE(who));
    expect(finalize.status).toBe(409);
    expect((await api().post(`/api/pipeline-cards/${card.id}/archive`).set('Cookie', who.cookie).send({})).status).toBe(409);

    const restored = await api().post(`/api/pipeline-cards/${card.id}/unarchive`).set('Cookie', who.cookie);
    expect(restored.body).toMatchObject({ status: 'active', archivedAt: null, archivedReason: null, stage: 'leads' });
    expect((await api().post(`/api/pipeline-cards/${card.id}/unarchive`).set('Cookie', who.cookie)).status).toBe(409);
    expect(
      (
        await api()
          .get('/api/contacts/' + card.contactId)
          .set('Cookie', who.cookie)
      ).body.name,
    ).toBe('Maria Souza');
  });

  test('delete removes the card and its prospect', async () => {
    const who = await brokerWithRefs();
    const card = await createLead(who);
    expect((await api().delete(`/api/pipeline/${card.id}`).set('Cookie', who.cookie)).status).toBe(204);
    expect((await api().get('/api/pipeline').set('Cookie', who.cookie)).body).toEqual([]);
    expect((await api().get(`/api/contacts/${card.contactId}`).set('Cookie', who.cookie)).status).toBe(404);
    expect((await api().delete(`/api/pipeline/${card.id}`).set('Cookie', who.cookie)).status).toBe(404);
  });

  test('a new deal for a client in the book: one more card, no second contact, each card its own sale', async () => {
    const who = await brokerWithRefs();
    const other = await brokerWithRefs();
    const first = await createLead(who, { annualPremium: 150000 });
    const contacts = async () => (await api().get('/api/contacts').set('Cookie', who.cookie)).body.total as number;
    expect(await contacts()).toBe(1);
    const [product, secondProduct] = who.refs.products;
    const forClient = {
      contactId: first.contactId,
      productId: secondProduct!.id,
      leadSourceId: who.refs.leadSources[1]!.id,
      stageId: who.stage('qualified'),
      annualPremium: 320000,
    };
    const created = await api().post('/api/pipeline').set('Cookie', who.cookie).send(forClient);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      contactId: first.contactId,
      stage: 'qualified',
      contact: { name: 'Maria Souza', productId: secondProduct!.id, annualPremium: 320000 },
    });
    expect(await contacts()).toBe(1);
    // The first card keeps its own sale.
    const board = (await api().get('/api/pipeline').set('Cookie', who.cookie)).body as {
      id: number;
      contact: { productId: number; annualPremium: number };
    }[];
    expect(board.find((card) => card.id === first.id)!.contact).toMatchObject({ productId: product!.id, annualPremium: 150000 });

    // The lead form edits its own card's sale; the other card is left as it was.
    const edit = await api()
      .patch(`/api/contacts/${first.contactId}`)
      .set('Cookie', who.cookie)
      .send({ name: 'Maria Souza', phone: '11987654321', annualPremium: 99900, cardId: created.body.id });
    expect(edit.status).toBe(200);
    const after = (await api().get('/api/pipeline').set('Cookie', who.cookie)).body as { id: number; contact: { annualPremium: number } }[];
    expect(after.find((card) => card.id === created.body.id)!.contact.annualPremium).toBe(99900);
    expect(after.find((card) => card.id === first.id)!.contact.annualPremium).toBe(150000);

    // Deleting the second deal leaves the client (they were not created with it).
    expect((await api().delete(`/api/pipeline/${created.body.id}`).set('Cookie', who.cookie)).status).toBe(204);
    expect((await api().get(`/api/contacts/${first.contactId}`).set('Cookie', who.cookie)).status).toBe(200);

    // Another brokerage's client, a card that is not this client's, and ids that are not ids.
    const theirs = await api()
      .post('/api/pipeline')
      .set('Cookie', other.cookie)
      .send({
        ...forClient,
        productId: other.refs.products[0]!.id,
        leadSourceId: other.refs.leadSources[0]!.id,
        stageId: other.stage('leads'),
      });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Contato não encontrado.');
    const foreignCard = await api()
      .patch(`/api/contacts/${first.contactId}`)
      .set('Cookie', who.cookie)
      .send({ name: 'Maria Souza', phone: '11987654321', annualPremium: 1, cardId: (await createLead(other)).id });
    expect(foreignCard.status).toBe(404);
    for (const contactId of ['abc', 0, -1, 1.5, 2147483648, { id: 1 }]) {
      const bad = await api()
        .post('/api/pipeline')
        .set('Cookie', who.cookie)
        .send({ ...forClient, contactId });
      expect(bad.status).toBe(400);
    }
    expect(await contacts()).toBe(1);
  });
});

describe('finalize and issue', () => {
  test('finalize stores the sale on the card (money exact) and moves it to Finalizado', async () => {
    const who = await brokerWithRefs();
    const card = await createLead(who);
    const response = await api().post(`/api/pipeline-cards/${card.id}/confirm-issuance`).set('Cookie', who.cookie).send(FINALIZE(who));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      stage: 'closed',
      status: 'active',
      stageId: who.stage('closed'),
      insurerId: who.refs.insurers[0]!.id,
      startDate: '2026-12-01',
      endDate: '2027-12-01',
      premioLiquido: '1000.00',
      iof: '73.80',
      juros: '10.05',
      totalPremium: '1083.85',
      commissionPercentage: '12.50',
      commissionAmount: '125.00',
    });
  });

  test('the server-side completion schema: its messages, end after start, totals checked', async () => {
    const who = await brokerWithRefs();
    const card = await createLead(who);
    const url = `/api/pipeline-cards/${card.id}/confirm-issuance`;
    const empty = await api()
      .post(url)
      .set('Cookie', who.cookie)
      .send({ insurerId: '', startDate: '', endDate: '', premioLiquido: '', iof: '-1.00', totalPremium: '-5.00' });
    expect(empty.status).toBe(400);
    const messages = Object.fromEntries(
      (empty.body.issues as { path: string; message: string }[]).map((issue) => [issue.path, issue.message]),
    );
    expect(messages).toMatchObject({
      insurerId: 'Seguradora é obrigatória',
      startDate: 'Data de início da vigência é obrigatória',
      endDate: 'Data de fim da vigência é obrigatória',
      iof: 'IOF deve ser um valor positivo',
      totalPremium: 'Prêmio total deve ser um valor positivo',
    });
    const backwards = await api()
      .post(url)
      .set('Cookie', who.cookie)
      .send({ ...FINALIZE(who), endDate: '2026-12-01' });
    expect(backwards.body.issues).toEqual([{ path: 'endDate', message: 'Data de fim deve ser posterior à data de início' }]);
    const wrongTotal = await api()
      .post(url)
      .set('Cookie', who.cookie)
      .send({ ...FINALIZE(who), totalPremium: '1.00' });
    expect(wrongTotal.status).toBe(400);
    const float = await api()
      .post(url)
      .set('Cookie', who.cookie)
      .send({ ...FINALIZE(who), premioLiquido: 1000.1 });
    expect(float.status).toBe(400);
    const huge = await api()
      .post(url)
      .set('Cookie', who.cookie)
      .send({ ...FINALIZE(who), premioLiquido: '99000000.00', iof: '99000000.00', totalPremium: undefined });
    expect(huge.status).toBe(400);
    const other = await brokerWithRefs();
    const foreignInsurer = await api()
      .post(url)
      .set('Cookie', who.cookie)
      .send({ ...FINALIZE(who), insurerId: other.refs.insurers[0]!.id });
    expect(foreignInsurer.body.issues).toEqual([{ path: 'insurerId', message: 'Seguradora não encontrada' }]);
    expect((await api().get('/api/pipeline').set('Cookie', who.cookie)).body[0]).toMatchObject({ stage: 'leads', insurerId: null });
  });

  test('without a finance service deployed, issuing is a clear 503 and only for a finalized card (issuing itself: finance tests)', async () => {
    const who = await brokerWithRefs();
    const card = await createLead(who);
    const early = await api().post(`/api/pipeline-cards/${card.id}/confirm-issuance`).set('Cookie', who.cookie);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Finalize a venda antes de emitir a apólice.');
    await api().post(`/api/pipeline-cards/${card.id}/confirm-issuance`).set('Cookie', who.cookie).send(FINALIZE(who)).expect(200);
    const issue = await api()
      .post(`/api/pipeline-cards/${card.id}/confirm-issuance`)
      .set('Cookie', who.cookie)
      .send({ policyNumber: 'ABC-1' });
    expect(issue.status).toBe(503);
    expect(issue.body.message).toMatch(/^A emissão de apólices não está disponível neste ambiente/);
    expect((await api().get('/api/pipeline').set('Cookie', who.cookie)).body[0]).toMatchObject({ stage: 'closed', status: 'active' });
  });
});

describe('contacts', () => {
  test('create, search by name, e-mail, phone and CPF, type filter, pagination', async () => {
    const who = await brokerWithRefs();
    const add = (body: Record<string, unknown>) => api().post('/api/contacts').set('Cookie', who.cookie).send(body);
    expect(
      (await add({ name: 'Ana Lima', email: 'ana@exemplo.com.br', phone: '(21) 99876-5432', cpf: '529.982.247-25', type: 'individual' }))
        .status,
    ).toBe(201);
    expect((await add({ name: 'Construtora Beta', phone: '11912345678', type: 'business' })).status).toBe(201);
    await createLead(who, { name: 'Carlos 100%_', cpf: '' });
    const list = (query: string) => api().get(`/api/contacts${query}`).set('Cookie', who.cookie);
    const names = async (query: string) => ((await list(query)).body.items as { name: string }[]).map((c) => c.name);
    expect(await names('')).toEqual(['Ana Lima', 'Carlos 100%_', 'Construtora Beta']);
    expect(await names('?q=ANA')).toEqual(['Ana Lima']);
    expect(await names('?q=exemplo.com')).toEqual(['Ana Lima']);
    expect(await names('?q=99876-5432')).toEqual(['Ana Lima']);
    expect(await names('?q=982.247')).toEqual(['Ana Lima']);
    expect(await names('?q=%25_')).toEqual(['Carlos 100%_']);
    // As the top bar finds them (#63: the same trigram-indexed text): every word in any order, accents ignored.
    expect(await names('?q=lima%20ANA')).toEqual(['Ana Lima']);
    expect(await names('?q=%2B55%2021%2099876')).toEqual(['Ana Lima']);
    expect(await names('?type=business')).toEqual(['Construtora Beta']);
    expect(await names('?type=prospect')).toEqual(['Carlos 100%_']);
    const page2 = await list('?pageSize=2&page=2');
    expect(page2.body).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [{ name: 'Construtora Beta' }] });
    expect((await list('?page=9')).body).toMatchObject({ total: 3, items: [] });
    for (const bad of ['?type=robot', '?page=0', '?pageSize=1000', '?page=abc']) expect((await list(bad)).status).toBe(400);
    const invalid = await add({ name: '', phone: '123', type: 'prospect' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['name', 'phone', 'type']);
  });

  test('pessoa física and jurídica (#34 item 3): an alphanumeric CNPJ, razão social, landline and address; found by CNPJ with or without the mask; kind filter', async () => {
    const who = await brokerWithRefs();
    const add = (body: Record<string, unknown>) => api().post('/api/contacts').set('Cookie', who.cookie).send(body);
    // A PJ has no CPF nor birth date: what the form still held of a PF is dropped.
    const company = await add({ ...COMPANY, cpf: '529.982.247-25', birthDate: '04/03/1985' });
    expect(company.status).toBe(201);
    expect(company.body).toMatchObject({
      kind: 'pj',
      type: 'business',
      name: 'Pão Quente',
      legalName: 'Padaria Pão Quente Ltda',
      contactPerson: 'Marta Reis',
      cnpj: '12ABC34501DE35',
      cpf: null,
      birthDate: null,
      phone: '1132224455',
      address: COMPANY_ADDRESS,
    });
    const person = await add({ kind: 'pf', name: 'Rita Alves', phone: '11987654321', cnpj: '12ABC34501DE35', legalName: 'x' });
    expect(person.body).toMatchObject({ kind: 'pf', type: 'individual', cnpj: null, legalName: null, address: { cep: null, city: null } });
    const list = (query: string) => api().get(`/api/contacts${query}`).set('Cookie', who.cookie);
    const names = async (query: string) => ((await list(query)).body.items as { name: string }[]).map((c) => c.name);
    expect(await names('?q=12.ABC.345%2F01DE-35')).toEqual(['Pão Quente']);
    expect(await names('?q=12abc34501de35')).toEqual(['Pão Quente']);
    expect(await names('?q=Padaria')).toEqual(['Pão Quente']);
    expect(await names('?q=pao%20quente')).toEqual(['Pão Quente']);
    expect(await names('?q=marta')).toEqual(['Pão Quente']);
    expect(await names('?kind=pj')).toEqual(['Pão Quente']);
    expect(await names('?kind=pf')).toEqual(['Rita Alves']);
    expect(await names('?status=client')).toEqual(['Pão Quente', 'Rita Alves']);
    expect(await names('?status=prospect')).toEqual([]);
    expect((await list('?kind=empresa')).status).toBe(400);

    // Bad input: each field says what is wrong, nothing is written.
    const bad = await add({ kind: 'pj', cnpj: '12.ABC.345/01DE-36', phone: '11', address: { cep: '0131', uf: 'XX' } });
    expect(bad.status).toBe(400);
    expect(Object.fromEntries(bad.body.issues.map((issue: { path: string; message: string }) => [issue.path, issue.message]))).toEqual({
      legalName: 'Razão social é obrigatória',
      cnpj: 'CNPJ inválido. Use os 14 caracteres, ex.: 12.ABC.345/01DE-35',
      phone: 'Telefone inválido. Use o DDD: (11) 98765-4321 ou (11) 3222-4455',
      'address.cep': 'CEP inválido. Use 8 dígitos, ex.: 01310-100',
      'address.uf': 'UF inválida',
    });
    expect((await list('')).body.total).toBe(2);

    // Editing: the form sends the whole identity; becoming a PF drops the company's fields.
    const edited = await api()
      .patch(`/api/contacts/${company.body.id as number}`)
      .set('Cookie', who.cookie)
      .send({
        kind: 'pf',
        name: 'Marta Reis',
        phone: '11987650000',
        cpf: '529.982.247-25',
        address: { city: 'Campinas', uf: 'SP' },
        notes: [],
      });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ kind: 'pf', type: 'individual', cnpj: null, legalName: null, cpf: '52998224725' });
    expect(edited.body.address).toEqual({
      cep: null,
      street: null,
      number: null,
      complement: null,
      district: null,
      city: 'Campinas',
      uf: 'SP',
    });
    // A client of before kinds that sets only the old type moves the kind with it.
    const typed = await api()
      .patch(`/api/contacts/${company.body.id as number}`)
      .set('Cookie', who.cookie)
      .send({ name: 'Marta Reis', phone: '11987650000', type: 'business', notes: [] });
    expect(typed.body).toMatchObject({ kind: 'pj', type: 'business' });
    // A lead is a prospect; converting it to a client keeps its kind.
    const lead = await createLead(who, { name: 'Lead PJ' });
    const prospect = await api()
      .patch(`/api/contacts/${lead.contactId}`)
      .set('Cookie', who.cookie)
      .send({ name: 'Lead PJ', phone: '11987651111', kind: 'pj', legalName: 'Lead PJ SA', notes: [] });
    expect(prospect.body).toMatchObject({ kind: 'pj', type: 'prospect' });
    const client = await api()
      .patch(`/api/contacts/${lead.contactId}`)
      .set('Cookie', who.cookie)
      .send({ name: 'Lead PJ', phone: '11987651111', status: 'client', notes: [] });
    expect(client.body).toMatchObject({ kind: 'pj', type: 'business' });
  });

  test('data de nascimento: dd/mm/aaaa or ISO in, ISO out (list, detail, board); empty is none; a bad or future date is a pt-BR 400 and changes nothing', async () => {
    const who = await brokerWithRefs();
    const created = await api()
      .post('/api/contacts')
      .set('Cookie', who.cookie)
      .send({ name: 'Ana Lima', phone: '(21) 99876-5432', type: 'individual', birthDate: '04/03/1985' });
    expect(created.status).toBe(201);
    expect(created.body.birthDate).toBe('1985-03-04');
    const url = `/api/contacts/${created.body.id}`;
    expect((await api().get(url).set('Cookie', who.cookie)).body.birthDate).toBe('1985-03-04');
    expect((await api().get('/api/contacts').set('Cookie', who.cookie)).body.items[0].birthDate).toBe('1985-03-04');
    const edit = (birthDate: unknown) =>
      api().patch(url).set('Cookie', who.cookie).send({ name: 'Ana Lima', phone: '21998765432', birthDate, notes: [] });
    for (const bad of ['31/02/1990', '01/01/1899', '01/01/2999', 'ontem', 42]) {
      const refused = await edit(bad);
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0].path).toBe('birthDate');
      expect(refused.body.issues[0].message).toMatch(/^Data (de nascimento )?inválida/);
    }
    expect((await api().get(url).set('Cookie', who.cookie)).body.birthDate).toBe('1985-03-04');
    expect((await edit('1990-12-25')).body.birthDate).toBe('1990-12-25');
    expect((await edit('')).body.birthDate).toBeNull();
    // A lead's contact on the board carries it too (null here).
    await createLead(who);
    const board = await api().get('/api/pipeline').set('Cookie', who.cookie);
    expect(board.body[0].contact).toHaveProperty('birthDate', null);
  });

  test('edit lead: fields, annual premium cap, notes appended with their date-time in order', async () => {
    const who = await brokerWithRefs();
    const card = await createLead(who);
    const url = `/api/contacts/${card.contactId}`;
    const body = {
      name: 'Maria S. Souza',
      email: 'maria@exemplo.com',
      phone: '11987654321',
      cpf: '',
      productId: who.refs.products[1]!.id,
      leadSourceId: who.refs.leadSources[1]!.id,
      annualPremium: 250000,
      notes: ['Ligar amanhã', 'Prefere WhatsApp'],
    };
    const saved = await api().patch(url).set('Cookie', who.cookie).send(body);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      name: 'Maria S. Souza',
      email: 'maria@exemplo.com',
      cpf: null,
      annualPremium: 250000,
      lastContact: expect.any(String),
    });
    await api()
      .patch(url)
      .set('Cookie', who.cookie)
      .send({ ...body, notes: ['Enviou documentos'] })
      .expect(200);
    const contact = await api().get(url).set('Cookie', who.cookie);
    expect(contact.body.notes.map((note: { content: string }) => note.content)).toEqual([
      'Ligar amanhã',
      'Prefere WhatsApp',
      'Enviou documentos',
    ]);
    expect(contact.body.notes[0].createdAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    const tooMuch = await api()
      .patch(url)
      .set('Cookie', who.cookie)
      .send({ ...body, annualPremium: 100_000_001, notes: [] });
    expect(tooMuch.body.issues).toEqual([{ path: 'annualPremium', message: 'Prêmio anual deve estar entre R$ 0,00 e R$ 1.000.000,00' }]);
    const emptyNote = await api()
      .patch(url)
      .set('Cookie', who.cookie)
      .send({ ...body, notes: ['   '] });
    expect(emptyNote.status).toBe(400);
    expect((await api().get(url).set('Cookie', who.cookie)).body.notes).toHaveLength(3);
  });

  test('CSV export for Excel in pt-BR: BOM, semicolons, dd/mm/aaaa, formulas neutralised', async () => {
    const who = await brokerWithRefs();
    await api()
      .post('/api/contacts')
      .set('Cookie', who.cookie)
      .send({ name: '=HYPERLINK("http://x";"y")', email: 'a@b.co', phone: '11912345678', type: 'individual' })
      .expect(201);
    await api()
      .post('/api/contacts')
      .set('Cookie', who.cookie)
      .send({ name: 'José; da Silva', phone: '11912345679', cpf: '52998224725', type: 'business' })
      .expect(201);
    const response = await api()
      .get('/api/contacts/export')
      .set('Cookie', who.cookie)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="contatos-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = response.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    // The import's own words, so the file imports back mapped (a company's razão social, the address by parts).
    expect(lines[0]).toBe(
      'Nome;E-mail;Telefone;CPF/CNPJ;Razão social;Nome fantasia;Pessoa de contato;Data de nascimento;CEP;Endereço;Número;Complemento;Bairro;Cidade;UF;Tipo;Último contato;Criado em;Situação;Responsável pelo cliente',
    );
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const blanks = (count: number) => Array(count).fill('').join(';');
    // Without identity (this stack) whose client it is stays blank; the export never fails for it.
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"";""y"")";a@b.co;(11) 91234-5678;${blanks(12)};Pessoa Física;;${today};Cliente;`);
    // A client of before kinds: a business with a CPF is a PJ named by it, its CPF kept.
    expect(lines[2]).toBe(`"José; da Silva";;(11) 91234-5679;529.982.247-25;"José; da Silva";${blanks(10)};Empresarial;;${today};Cliente;`);
  });
});

describe('isolation and hostile input', () => {
  test("another broker's ids answer 404 on every verb, and change nothing", async () => {
    const owner = await brokerWithRefs();
    const intruder = await brokerWithRefs();
    const card = await createLead(owner);
    const before = (await api().get('/api/pipeline').set('Cookie', owner.cookie)).body;
    const attempts = [
      api().patch(`/api/pipeline/${card.id}`).send({ stage: 'qualified' }),
      api().delete(`/api/pipeline/${card.id}`),
      api().post(`/api/pipeline-cards/${card.id}/archive`).send({ reason: 'x' }),
      api().post(`/api/pipeline-cards/${card.id}/unarchive`),
      api().post(`/api/pipeline-cards/${card.id}/confirm-issuance`).send(FINALIZE(intruder)),
      api().post(`/api/pipeline-cards/${card.id}/confirm-issuance`),
      api().get(`/api/contacts/${card.contactId}`),
      api()
        .patch(`/api/contacts/${card.contactId}`)
        .send({ name: 'Invasor', phone: '11987654321', notes: ['oi'] }),
    ];
    for (const attempt of attempts) {
      const response = await attempt.set('Cookie', intruder.cookie);
      expect(response.status).toBe(404);
    }
    expect((await api().get('/api/pipeline').set('Cookie', owner.cookie)).body).toEqual(before);
    expect((await api().get(`/api/contacts/${card.contactId}`).set('Cookie', owner.cookie)).body.notes).toEqual([]);
    expect((await api().get('/api/pipeline').set('Cookie', intruder.cookie)).body).toEqual([]);
    expect((await api().get('/api/contacts').set('Cookie', intruder.cookie)).body.total).toBe(0);
  });

  test('signed out is 401; ids outside int4, NUL and junk are 4xx', async () => {
    const who = await brokerWithRefs();
    expect((await api().get('/api/pipeline')).status).toBe(401);
    expect((await api().get('/api/contacts/export')).status).toBe(401);
    for (const id of ['0', '-1', '99999999999', 'abc', '1.5']) {
      expect((await api().patch(`/api/pipeline/${id}`).set('Cookie', who.cookie).send({ stage: 'leads' })).status).toBe(404);
    }
    expect(
      (
        await api()
          .post('/api/pipeline')
          .set('Cookie', who.cookie)
          .send(lead(who, { name: 'a\u0000b' }))
      ).status,
    ).toBe(400);
    expect(
      (
        await api()
          .post('/api/pipeline')
          .set('Cookie', who.cookie)
          .send(lead(who, { name: 'x'.repeat(101) }))
      ).status,
    ).toBe(400);
    expect((await api().post('/api/pipeline').set('Cookie', who.cookie).send([1, 2])).status).toBe(400);
    expect(
      (await api().post('/api/pipeline').set('Cookie', who.cookie).set('Content-Type', 'application/json').send('{"name":')).status,
    ).toBe(400);
    expect((await api().get('/api/pipeline-cards?archived=maybe').set('Cookie', who.cookie)).status).toBe(400);
    expect((await api().get('/api/pipeline-leads?limit=100000').set('Cookie', who.cookie)).status).toBe(400);
  });

  test('parallel moves of one card leave it in one consistent stage', async () => {
    const who = await brokerWithRefs();
    const card = await createLead(who);
    const stages = ['qualified', 'proposal', 'leads', 'qualified', 'proposal', 'leads', 'qualified', 'proposal'];
    const answers = await Promise.all(
      stages.map((stage) => api().patch(`/api/pipeline/${card.id}`).set('Cookie', who.cookie).send({ stage })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const board = (await api().get('/api/pipeline').set('Cookie', who.cookie)).body;
    expect(board).toHaveLength(1);
    expect(['leads', 'qualified', 'proposal']).toContain(board[0].stage);
  });
});

describe('internal stats for the dashboard', () => {
  test('newLeads, totalLeads, totalClients and the latest events of one broker', async () => {
    const who = await brokerWithRefs();
    await createLead(who);
    const second = await createLead(who, { name: 'Outro' });
    await api().patch(`/api/pipeline/${second.id}`).set('Cookie', who.cookie).send({ stage: 'qualified' }).expect(200);
    await api()
      .post('/api/contacts')
      .set('Cookie', who.cookie)
      .send({ name: 'Cliente', phone: '11912345678', type: 'individual' })
      .expect(201);
    const stats = await fixture.internal().get(`/internal/pipeline/${who.user.id}/stats`);
    expect(stats.body).toMatchObject({ newLeads: 1, totalLeads: 2, totalClients: 1 });
    expect(stats.body.recentActivity.map((event: { type: string; subject: string }) => `${event.type} ${event.subject}`)).toEqual([
      'stage_changed Outro',
      'lead_created Outro',
      'lead_created Maria Souza',
    ]);
    const stranger = await fixture.internal().get(`/internal/pipeline/${(await broker()).user.id}/stats`);
    expect(stranger.body).toEqual({ newLeads: 0, totalLeads: 0, totalClients: 0, recentActivity: [] });
    expect((await fixture.internal().get('/internal/pipeline/not-a-uuid/stats')).status).toBe(404);
  });
});
