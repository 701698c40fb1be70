import { financeStack, type Who } from './stack';

const stack = financeStack();
const { api, pipelineApi, brokerWithRefs, newLead } = stack;

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
  const created = await pipelineApi()
    .post('/api/imports')
    .set('Cookie', who.cookie)
    .field('kind', 'policies')
    .attach('file', file, 'apolices.csv');
  expect(created.status).toBe(201);
  const preview = await pipelineApi()
    .put(`/api/imports/${created.body.id as number}/mapping`)
    .set('Cookie', who.cookie)
    .send({ mapping: created.body.mapping, ...extra });
  return { created, preview };
}

async function commit(who: Who, id: number) {
  expect((await pipelineApi().post(`/api/imports/${id}/commit`).set('Cookie', who.cookie)).status).toBe(202);
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await pipelineApi().get(`/api/imports/${id}`).set('Cookie', who.cookie);
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
    const mapped = await pipelineApi()
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
    const again = await pipelineApi()
      .post('/api/imports')
      .set('Cookie', who.cookie)
      .field('kind', 'policies')
      .attach('file', windows1252(BOOK), 'apolices.csv');
    expect(again.body.status).toBe('preview');
    expect(
      (
        await pipelineApi()
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
    const undoneUpdate = await pipelineApi()
      .delete(`/api/imports/${update.created.body.id as number}`)
      .set('Cookie', who.cookie);
    expect(undoneUpdate.body).toMatchObject({ status: 'undone', undoKept: [] });
    expect((await policiesOf(who))[0]!.premium).toBe('1073.80');

    // Undo the first import: its policies and the contact it created go; Maria is a prospect again.
    const undone = await pipelineApi()
      .delete(`/api/imports/${created.body.id as number}`)
      .set('Cookie', who.cookie);
    expect(undone.body).toMatchObject({ status: 'undone', undoKept: [] });
    expect(await policiesOf(who)).toEqual([]);
    expect((await contactsOf(who)).map((contact) => [contact.name, contact.type])).toEqual([['Maria Prospecto', 'prospect']]);
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
    const undone = await pipelineApi()
      .delete(`/api/imports/${created.body.id as number}`)
      .set('Cookie', who.cookie);
    expect(undone.body.undoKept).toEqual([expect.objectContaining({ line: 2, targetId: policy!.id })]);
    expect(await policiesOf(who)).toHaveLength(1);
    expect(await contactsOf(who)).toHaveLength(1);
  });

  test('undoing the contacts import keeps a contact that got a policy since', async () => {
    const who = await brokerWithRefs();
    const contacts = await pipelineApi()
      .post('/api/imports')
      .set('Cookie', who.cookie)
      .field('kind', 'contacts')
      .attach('file', Buffer.from('Nome;CPF;Tipo\nJosé;529.982.247-25;PF\nAna;;\n'), 'contatos.csv');
    await pipelineApi()
      .put(`/api/imports/${contacts.body.id as number}/mapping`)
      .set('Cookie', who.cookie)
      .send({ mapping: contacts.body.mapping });
    await commit(who, contacts.body.id as number);
    const { created } = await importFile(
      who,
      windows1252([HEADER, 'AP-7;Porto Seguro;529.982.247-25;José;Auto;;03/04/2027;;1.000,00;10;'].join('\n')),
    );
    await commit(who, created.body.id as number);
    const undone = await pipelineApi()
      .delete(`/api/imports/${contacts.body.id as number}`)
      .set('Cookie', who.cookie);
    expect(undone.body.undoKept).toEqual([expect.objectContaining({ line: 2, reason: 'Tem apólices: mantido' })]);
    expect((await contactsOf(who)).map((contact) => contact.name)).toEqual(['José']);
    expect((await policiesOf(who))[0]!.contactId).toBe((await contactsOf(who))[0]!.id);
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
});
