import { fallbackLocation } from '@corretora/gateway-kit';
import { financeStack, type Who } from './stack';

const stack = financeStack();
const { api, pipelineApi, importsApi, brokerWithRefs, newLead } = stack;

function windows1252(text: string): Buffer {
  return Buffer.from(text.replace(/\n/g, '\r\n'), 'latin1');
}

const HEADER = 'Apólice;Seguradora;CPF/CNPJ;Segurado;Ramo;Início Vigência;Fim Vigência;Prêmio Líquido;Prêmio Total;% Comissão;Status';
const BOOK = [
  HEADER,
  'AP-100;PORTO SEGURO CIA DE SEGUROS GERAIS S.A.;529.982.247-25;José da Conceição;Automóvel;03/04/2026;03/04/2027;1.000,00;R$ 1.073,80;12,5%;Ativa',
  'AP-101;Seguradora Desconhecida S.A.;;Maria Prospecto;Plano de Saúde;01/01/2026;01/01/2027;;500,00;10;',
  'AP-102;Porto Seguro;52998224725;José;Residencial;;10/10/2027;850,00;910,20;;Ativa',
  'ap-100;Porto Seguro;;José da Conceição;Auto;;03/04/2027;;1.073,80;;',
].join('\n');

async function importFile(who: Who, file: Buffer, extra: Record<string, unknown> = {}) {
  const created = await importsApi()
    .post('/api/imports')
    .set('Cookie', who.cookie)
    .field('kind', 'policies')
    .attach('file', file, 'apolices.csv');
  expect(created.status).toBe(201);
  const preview = await importsApi()
    .put(`/api/imports/${created.body.id as number}/mapping`)
    .set('Cookie', who.cookie)
    .send({ mapping: created.body.mapping, ...extra });
  return { created, preview };
}

async function commit(who: Who, id: number) {
  expect((await importsApi().post(`/api/imports/${id}/commit`).set('Cookie', who.cookie)).status).toBe(202);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await importsApi().get(`/api/imports/${id}`).set('Cookie', who.cookie);
    if (response.body.status !== 'running') return response;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('import did not finish');
}

const policiesOf = async (who: Who) =>
  (
    (await api().get('/api/policies').set('Cookie', who.cookie)).body as {
      policyNumber: string;
      premium: string;
      contactId: number;
      insurerId: number;
      type: string;
      line: string;
    }[]
  ).sort((a, b) => a.policyNumber.localeCompare(b.policyNumber));
const contactsOf = async (who: Who) =>
  (await pipelineApi().get('/api/contacts?pageSize=100').set('Cookie', who.cookie)).body.items as {
    id: number;
    name: string;
    type: string;
    cpf: string | null;
  }[];

describe('importing policies', () => {
  test('insurers by name, clients by CPF or name (created when missing), unknown insurers mapped, update and undo', async () => {
    const who = await brokerWithRefs();
    const porto = who.refs.insurers.find((insurer) => insurer.name === 'Porto Seguro')!.id;
    const bradesco = who.refs.insurers.find((insurer) => insurer.name === 'Bradesco Seguros')!.id;
    // A prospect already on the board: the import finds her by name and makes her a client.
    const lead = await newLead(who, { name: 'Maria Prospecto', phone: '(11) 91234-5678', productId: who.refs.products[0]!.id });
    expect(lead.status).toBe(201);

    const { created, preview } = await importFile(who, windows1252(BOOK));
    expect(created.body.mapping).toEqual({
      policyNumber: 'Apólice',
      insurer: 'Seguradora',
      contactDocument: 'CPF/CNPJ',
      contactName: 'Segurado',
      type: 'Ramo',
      startDate: 'Início Vigência',
      endDate: 'Fim Vigência',
      netPremium: 'Prêmio Líquido',
      totalPremium: 'Prêmio Total',
      commissionPercentage: '% Comissão',
      status: 'Status',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toEqual({ create: 2, update: 0, skip: 1, duplicate: 0, error: 1 });
    expect(preview.body.unknownInsurers).toEqual([{ name: 'Seguradora Desconhecida S.A.', rows: 1 }]);
    expect(preview.body.rows[3]).toMatchObject({ line: 5, outcome: 'skip', reason: 'Mesma apólice da linha 2' });

    // The broker says which of their insurers that one is: the next preview creates it too.
    const mapped = await importsApi()
      .put(`/api/imports/${created.body.id as number}/mapping`)
      .set('Cookie', who.cookie)
      .send({ mapping: created.body.mapping, insurers: { 'Seguradora Desconhecida S.A.': bradesco } });
    expect(mapped.body.counts).toEqual({ create: 3, update: 0, skip: 1, duplicate: 0, error: 0 });
    const done = await commit(who, created.body.id as number);
    expect(done.body).toMatchObject({ status: 'done', applied: { create: 3 } });

    const policies = await policiesOf(who);
    // The Ramo column reads as a line of the one list (#34): a health plan is saude, not business.
    expect(policies.map((policy) => [policy.policyNumber, policy.premium, policy.line, policy.type, policy.insurerId])).toEqual([
      ['AP-100', '1073.80', 'auto', 'auto', porto],
      ['AP-101', '500.00', 'saude', 'life', bradesco],
      ['AP-102', '910.20', 'residencial', 'home', porto],
    ]);
    const contacts = await contactsOf(who);
    const jose = contacts.filter((contact) => contact.cpf === '52998224725');
    expect(jose).toEqual([expect.objectContaining({ name: 'José da Conceição', type: 'individual' })]);
    expect(policies[0]!.contactId).toBe(jose[0]!.id);
    expect(policies[2]!.contactId).toBe(jose[0]!.id);
    expect(contacts.find((contact) => contact.name === 'Maria Prospecto')).toMatchObject({ id: lead.body.contactId, type: 'individual' });

    // The same file again creates nothing (the insurer mapping is remembered with the columns).
    const again = await importsApi()
      .post('/api/imports')
      .set('Cookie', who.cookie)
      .field('kind', 'policies')
      .attach('file', windows1252(BOOK), 'apolices.csv');
    expect(again.body.status).toBe('preview');
    expect(
      (
        await importsApi()
          .get(`/api/imports/${again.body.id as number}`)
          .set('Cookie', who.cookie)
      ).body.counts,
    ).toMatchObject({ create: 0, update: 0, error: 0 });

    // A new premium for AP-100: an update, then undone.
    const update = await importFile(
      who,
      windows1252([HEADER, 'AP-100;Porto Seguro;529.982.247-25;José;Auto;03/04/2026;03/04/2027;1.000,00;1.200,00;12,5%;Ativa'].join('\n')),
    );
    expect(update.preview.body.counts).toMatchObject({ update: 1, create: 0 });
    await commit(who, update.created.body.id as number);
    expect((await policiesOf(who))[0]!.premium).toBe('1200.00');
    const undoneUpdate = await importsApi()
      .delete(`/api/imports/${update.created.body.id as number}`)
      .set('Cookie', who.cookie);
    expect(undoneUpdate.body).toMatchObject({ status: 'undone', undoKept: [] });
    expect((await policiesOf(who))[0]!.premium).toBe('1073.80');

    // Undo the first import: its policies and the contact it created go; Maria is a prospect again.
    const undone = await importsApi()
      .delete(`/api/imports/${created.body.id as number}`)
      .set('Cookie', who.cookie);
    expect(undone.body).toMatchObject({ status: 'undone', undoKept: [] });
    expect(await policiesOf(who)).toEqual([]);
    expect((await contactsOf(who)).map((contact) => [contact.name, contact.type])).toEqual([['Maria Prospecto', 'prospect']]);
  });

  test('a brokerage that never opened a screen listing its insurers imports a sheet naming one of the defaults', async () => {
    // No reference data asked before: the insurers' names finance matches against must hold the defaults.
    const who = { ...(await stack.broker()), refs: { insurers: [], products: [], leadSources: [], pipelineStages: [] } } as Who;
    const { preview } = await importFile(who, windows1252([HEADER, BOOK.split('\n')[1]].join('\n')));
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ counts: { create: 1, error: 0 }, unknownInsurers: [] });
  });

  test('a policy cancelled after the import stays on undo, and so does its client', async () => {
    const who = await brokerWithRefs();
    const { created } = await importFile(
      who,
      windows1252([HEADER, 'AP-1;Porto Seguro;529.982.247-25;José;Auto;;03/04/2027;;1.000,00;10;'].join('\n')),
    );
    await commit(who, created.body.id as number);
    const [policy] = (await api().get('/api/policies').set('Cookie', who.cookie)).body as { id: number }[];
    expect((await api().post(`/api/policies/${policy!.id}/cancel`).set('Cookie', who.cookie)).status).toBe(200);
    const undone = await importsApi()
      .delete(`/api/imports/${created.body.id as number}`)
      .set('Cookie', who.cookie);
    expect(undone.body.undoKept).toEqual([expect.objectContaining({ line: 2, targetId: policy!.id })]);
    expect(await policiesOf(who)).toHaveLength(1);
    expect(await contactsOf(who)).toHaveLength(1);
  });

  test('undoing the contacts import keeps a contact that got a policy since', async () => {
    const who = await brokerWithRefs();
    const contacts = await importsApi()
      .post('/api/imports')
      .set('Cookie', who.cookie)
      .field('kind', 'contacts')
      .attach('file', Buffer.from('Nome;CPF;Tipo\nJosé;529.982.247-25;PF\nAna;;\n'), 'contatos.csv');
    await importsApi()
      .put(`/api/imports/${contacts.body.id as number}/mapping`)
      .set('Cookie', who.cookie)
      .send({ mapping: contacts.body.mapping });
    await commit(who, contacts.body.id as number);
    const { created } = await importFile(
      who,
      windows1252([HEADER, 'AP-7;Porto Seguro;529.982.247-25;José;Auto;;03/04/2027;;1.000,00;10;'].join('\n')),
    );
    await commit(who, created.body.id as number);
    const undone = await importsApi()
      .delete(`/api/imports/${contacts.body.id as number}`)
      .set('Cookie', who.cookie);
    expect(undone.body.undoKept).toEqual([expect.objectContaining({ line: 2, reason: 'Tem apólices: mantido' })]);
    expect((await contactsOf(who)).map((contact) => contact.name)).toEqual(['José']);
    expect((await policiesOf(who))[0]!.contactId).toBe((await contactsOf(who))[0]!.id);
  });

  test('one door, two owners (#36): the pipeline hands a policies import on to finance, lists both kinds, and another brokerage reaches neither', async () => {
    const who = await brokerWithRefs();
    const file = windows1252([HEADER, 'AP-50;Porto Seguro;529.982.247-25;José;Auto;;03/04/2027;;1.000,00;10;'].join('\n'));
    // The pipeline does not hold a policies import: its answer is a 404 that tells the gateway where to go.
    const direct = await pipelineApi()
      .post('/api/imports')
      .set('Cookie', who.cookie)
      .field('kind', 'policies')
      .attach('file', file, 'a.csv');
    expect(direct.status).toBe(404);
    expect(direct.headers['x-accel-redirect']).toBe(fallbackLocation('finance'));
    const contacts = await importsApi()
      .post('/api/imports')
      .set('Cookie', who.cookie)
      .field('kind', 'contacts')
      .attach('file', Buffer.from('Nome\nAna\n'), 'contatos.csv');
    const { created } = await importFile(who, file);
    // Finance numbers its imports apart from the pipeline's, so an id at the door is one service's.
    expect(created.body.id).toBeGreaterThanOrEqual(1_000_000_000);
    expect(contacts.body.id).toBeLessThan(1_000_000_000);
    const listed = (await importsApi().get('/api/imports').set('Cookie', who.cookie)).body as { id: number; kind: string }[];
    expect(listed.map((entry) => [entry.kind, entry.id])).toEqual([
      ['policies', created.body.id],
      ['contacts', contacts.body.id],
    ]);
    const id = created.body.id as number;
    // The pipeline's own id through the door is still the pipeline's; finance does not answer it.
    expect(
      (
        await importsApi()
          .get(`/api/imports/${contacts.body.id as number}`)
          .set('Cookie', who.cookie)
      ).body.kind,
    ).toBe('contacts');
    expect(
      (
        await api()
          .get(`/api/imports/${contacts.body.id as number}`)
          .set('Cookie', who.cookie)
      ).status,
    ).toBe(404);

    const stranger = await brokerWithRefs();
    expect((await importsApi().get('/api/imports').set('Cookie', stranger.cookie)).body).toEqual([]);
    for (const call of [
      importsApi().get(`/api/imports/${id}`),
      importsApi().put(`/api/imports/${id}/mapping`).send({ mapping: created.body.mapping }),
      importsApi().post(`/api/imports/${id}/commit`),
      importsApi().delete(`/api/imports/${id}`),
      importsApi().get(`/api/imports/${id}/errors.csv`),
    ]) {
      const answer = await call.set('Cookie', stranger.cookie);
      expect([answer.status, answer.body.message]).toEqual([404, 'Importação não encontrada.']);
      expect(answer.headers['x-accel-redirect']).toBeUndefined();
    }
    // A statement (finance's other kind) is not an import of this door.
    const insurer = who.refs.insurers[0]!.id;
    const statement = await api()
      .post('/api/statements')
      .set('Cookie', who.cookie)
      .field('insurerId', String(insurer))
      .attach('file', Buffer.from('Nº Apólice;Valor Líquido\nAP-50;10,00\n'), 'extrato.csv');
    expect(statement.status).toBe(201);
    expect(
      (
        await importsApi()
          .get(`/api/imports/${statement.body.id as number}`)
          .set('Cookie', who.cookie)
      ).status,
    ).toBe(404);
    expect(
      (await importsApi().post('/api/imports').set('Cookie', who.cookie).field('kind', 'statement').attach('file', file, 'a.csv')).status,
    ).toBe(400);
  });

  test('one number at two insurers is two policies; at one insurer, the file’s second row is skipped (#34)', async () => {
    const who = await brokerWithRefs();
    const { created, preview } = await importFile(
      who,
      Buffer.from(
        [
          HEADER,
          'AP-9;Porto Seguro;52998224725;José;Auto;;03/04/2027;;100,00;;',
          'AP-9;Bradesco Seguros;52998224725;José;Vida;;03/04/2027;;200,00;;',
          'ap-9;Porto Seguro;52998224725;José;Auto;;03/04/2027;;300,00;;',
        ].join('\n'),
      ),
    );
    expect(preview.body.counts).toEqual({ create: 2, update: 0, skip: 1, duplicate: 0, error: 0 });
    await commit(who, created.body.id as number);
    const policies = await policiesOf(who);
    expect(policies.map((policy) => [policy.policyNumber, policy.premium, policy.line]).sort()).toEqual([
      ['AP-9', '100.00', 'auto'],
      ['AP-9', '200.00', 'vida'],
    ]);
    // Imported again, each row finds its own insurer's policy: nothing to change.
    const again = await importFile(
      who,
      Buffer.from([HEADER, 'AP-9;Bradesco Seguros;52998224725;José;Vida;;03/04/2027;;200,00;;'].join('\n')),
    );
    expect(again.preview.body.counts).toEqual({ create: 0, update: 0, skip: 1, duplicate: 0, error: 0 });
  });

  test('one new client named twice in a batch, once with a CPF and once by name only, is one contact (as rows written one by one find it)', async () => {
    const who = await brokerWithRefs();
    const { created, preview } = await importFile(
      who,
      windows1252(
        [
          HEADER,
          'AP-60;Porto Seguro;529.982.247-25;Joana Prado;Auto;;03/04/2027;;1.000,00;10;',
          'AP-61;Porto Seguro;;Joana Prado;Residencial;;03/04/2027;;500,00;10;',
        ].join('\n'),
      ),
    );
    expect(preview.body.counts).toMatchObject({ create: 2 });
    await commit(who, created.body.id as number);
    const contacts = await contactsOf(who);
    expect(contacts.map((contact) => [contact.name, contact.cpf])).toEqual([['Joana Prado', '52998224725']]);
    expect((await policiesOf(who)).map((policy) => policy.contactId)).toEqual([contacts[0]!.id, contacts[0]!.id]);
    // Undo takes the one contact with both policies.
    await importsApi()
      .delete(`/api/imports/${created.body.id as number}`)
      .set('Cookie', who.cookie);
    expect(await contactsOf(who)).toEqual([]);
  });

  test('bad rows are error lines with their reasons', async () => {
    const who = await brokerWithRefs();
    const { preview } = await importFile(
      who,
      Buffer.from(
        [
          HEADER,
          ';Porto Seguro;;José;Auto;;03/04/2027;;100,00;;',
          'AP-2;Porto Seguro;;;Auto;;03/04/2027;;100,00;;',
          'AP-3;Porto Seguro;;José;Barco;;03/04/2027;;100,00;;',
          'AP-4;Porto Seguro;;José;Auto;05/05/2027;03/04/2027;;100,00;;',
          'AP-5;Porto Seguro;;José;Auto;;03/04/2027;;cem reais;;',
          'AP-6;Porto Seguro;;José;Auto;;;;100,00;150%;Suspensa',
        ].join('\n'),
      ),
    );
    const errors = (preview.body.rows as { line: number; errors: { path: string }[] }[]).map((row) => [
      row.line,
      row.errors.map((error) => error.path),
    ]);
    expect(errors).toEqual([
      [2, ['policyNumber']],
      [3, ['contactName']],
      [4, ['type']],
      [5, ['endDate']],
      [6, ['totalPremium']],
      [7, ['endDate', 'commissionPercentage', 'status']],
    ]);
  });

  test('a policies import the pipeline ran before #36 is handed over to finance once, keeps its id where free, and still undoes its policy and its client', async () => {
    const who = await brokerWithRefs();
    const pipelineDb = stack.services.pipeline!.knex;
    const financeDb = stack.finance().knex;
    const insurerId = who.refs.insurers[0]!.id;
    // A statement took an id of finance's first: an import handed over with that id takes a new one.
    const statement = await api()
      .post('/api/statements')
      .set('Cookie', who.cookie)
      .field('insurerId', String(insurerId))
      .attach('file', Buffer.from('Nº Apólice;Valor Líquido\nX-1;10,00\n'), 'extrato.csv');
    expect(statement.status).toBe(201);
    const legacy = async (id: number, number: string, client: string) => {
      await pipelineDb('imports').insert({
        id,
        userId: who.user.id,
        responsibleId: who.user.memberId,
        kind: 'policies',
        status: 'done',
        fileName: 'apolices.csv',
        encoding: 'utf-8',
        delimiter: ';',
        headers: JSON.stringify(['Apólice']),
        headerKey: 'k'.repeat(64),
        totalRows: 1,
        counts: JSON.stringify({ create: 1, update: 0, skip: 0, duplicate: 0, error: 0 }),
        finishedAt: new Date(),
      });
      const [contact] = (await pipelineDb('contacts')
        .insert({ userId: who.user.id, responsibleId: who.user.memberId, name: client, type: 'individual', importId: id })
        .returning('id')) as { id: number }[];
      const [policy] = (await financeDb('policies')
        .insert({
          userId: who.user.id,
          responsibleId: who.user.memberId,
          contactId: contact!.id,
          contactName: client,
          type: 'auto',
          line: 'auto',
          policyNumber: number,
          premium: 1000,
          status: 'active',
          renewalDate: '2027-06-30',
          commissionType: 'percentage',
          commissionValue: 10,
          insurerId,
          importId: id,
        })
        .returning(['id', 'updatedAt'])) as { id: number; updatedAt: Date }[];
      const appliedAt = new Date(policy!.updatedAt.getTime() + 1000);
      await pipelineDb('import_rows').insert({
        importId: id,
        line: 2,
        userId: who.user.id,
        cells: JSON.stringify([number]),
        outcome: 'create',
        errors: JSON.stringify([]),
        record: JSON.stringify({}),
        applied: 'created',
        targetId: policy!.id,
        appliedAt,
        previous: JSON.stringify({
          appliedAt: appliedAt.toISOString(),
          policy: null,
          contactId: contact!.id,
          contactCreated: true,
          contactWasProspect: false,
        }),
      });
    };
    const free = 900_000_000 + Math.floor(Math.random() * 1000);
    await legacy(free, 'LEG-1', 'Cliente Antigo');
    await legacy(statement.body.id as number, 'LEG-2', 'Cliente Colidido');
    await pipelineDb('backfills').where({ name: 'policy-imports-to-finance' }).delete();
    await stack.pipelineStarts();

    expect(await pipelineDb('imports').where({ userId: who.user.id, kind: 'policies' }).count({ n: '*' })).toEqual([{ n: '0' }]);
    const listed = (await importsApi().get('/api/imports').set('Cookie', who.cookie)).body as {
      id: number;
      kind: string;
      fileName: string;
    }[];
    expect(listed.filter((entry) => entry.kind === 'policies')).toHaveLength(2);
    expect(listed.map((entry) => entry.id)).toContain(free);
    const moved = listed.find((entry) => entry.kind === 'policies' && entry.id !== free)!;
    expect(moved.id).not.toBe(statement.body.id);
    for (const id of [free, moved.id]) {
      const undone = await importsApi().delete(`/api/imports/${id}`).set('Cookie', who.cookie);
      expect([undone.status, undone.body.status, undone.body.undoKept]).toEqual([200, 'undone', []]);
    }
    expect(await policiesOf(who)).toEqual([]);
    expect((await contactsOf(who)).map((contact) => contact.name)).toEqual([]);
  });
});
