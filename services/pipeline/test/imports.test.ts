import { IMPORT_LIMITS } from '@corretora/contracts';
import { FILE_SAMPLES, xlsxWorkbook, zipArchive } from '@corretora/service-kit/file-samples';
import { ImportsService } from '@corretora/service-kit';
import { COMPANY, pipelineFixture } from './stack';

const { fixture } = pipelineFixture();
const { api, broker } = fixture;

/** What Excel in pt-BR saves as "CSV (separado por vírgulas)": ';', Windows-1252, no BOM, CRLF. */
function windows1252(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text.replace(/\n/g, '\r\n')) {
    const code = char.charCodeAt(0);
    if (code > 0xff) throw new Error(`not in Windows-1252 here: ${char}`);
    bytes.push(code);
  }
  return Buffer.from(bytes);
}

const BOOK = [
  'Nome;CPF/CNPJ;E-mail;Celular;Data de Nascimento;Cidade;UF;Observações',
  'José da Conceição;529.982.247-25;jose@exemplo.com;(11) 98765-4321;03/04/1985;São Paulo;SP;Cliente desde 2010',
  'Empresa Ação Ltda;11.222.333/0001-81;contato@acao.com.br;(21) 3456-7890;;Rio de Janeiro;RJ;',
  // The same CPF written another way, with a second e-mail: merged into José's row.
  'José Conceição;52998224725;;;;;;',
  'Maria Sem CPF;123.456.789-00;maria@exemplo.com;;;;;',
  'Ana Oito Dígitos;;ana@exemplo.com;11 8765-1234;;;;',
  'Pedro;;;(00) 91234-5678;;;;',
].join('\n');

async function upload(cookie: string, file: Buffer, name: string, kind = 'contacts', sheet?: string) {
  const call = api().post('/api/imports').set('Cookie', cookie).field('kind', kind);
  if (sheet) call.field('sheet', sheet);
  return call.attach('file', file, name);
}

async function waitDone(cookie: string, id: number) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await api().get(`/api/imports/${id}`).set('Cookie', cookie);
    if (response.body.status !== 'running') return response;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('import did not finish');
}

/** Uploads a ';' CSV, confirms the suggested mapping and answers the preview. */
async function previewOf(cookie: string, csv: string) {
  const created = await upload(cookie, Buffer.from(csv), 'carteira.csv');
  expect(created.status).toBe(201);
  const preview = await api()
    .put(`/api/imports/${created.body.id as number}/mapping`)
    .set('Cookie', cookie)
    .send({ mapping: created.body.mapping, mode: 'upsert' });
  expect(preview.status).toBe(200);
  return preview;
}

async function commitAndWait(cookie: string, id: number) {
  expect((await api().post(`/api/imports/${id}/commit`).set('Cookie', cookie)).status).toBe(202);
  const done = await waitDone(cookie, id);
  expect(done.body.status).toBe('done');
  return done;
}

async function contacts(cookie: string) {
  const response = await api().get('/api/contacts?pageSize=100').set('Cookie', cookie);
  return response.body.items as Record<string, unknown>[];
}

describe('importing contacts', () => {
  test('a Windows-1252 ";" file: sniffed, mapped, previewed, committed, re-imported without duplicates, undone', async () => {
    const who = await broker();
    const created = await upload(who.cookie, windows1252(BOOK), 'clientes.csv');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'contacts',
      status: 'mapping',
      encoding: 'windows-1252',
      delimiter: ';',
      totalRows: 6,
      headers: ['Nome', 'CPF/CNPJ', 'E-mail', 'Celular', 'Data de Nascimento', 'Cidade', 'UF', 'Observações'],
      mapping: {
        name: 'Nome',
        document: 'CPF/CNPJ',
        email: 'E-mail',
        phone: 'Celular',
        birthDate: 'Data de Nascimento',
        city: 'Cidade',
        state: 'UF',
        notes: 'Observações',
      },
    });
    expect(created.body.sample[0]).toMatchObject({ Nome: 'José da Conceição', Cidade: 'São Paulo' });
    const id = created.body.id as number;

    const preview = await api()
      .put(`/api/imports/${id}/mapping`)
      .set('Cookie', who.cookie)
      .send({ mapping: created.body.mapping, mode: 'upsert' });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      status: 'preview',
      totalRows: 6,
      counts: { create: 3, update: 0, skip: 1, duplicate: 0, error: 2 },
    });
    const byLine = Object.fromEntries((preview.body.rows as { line: number }[]).map((row) => [row.line, row]));
    expect(byLine[4]).toMatchObject({ outcome: 'skip', reason: expect.stringContaining('linha 2') });
    // The contract's shape: each error names its field (`path` kept alongside).
    expect(byLine[5]).toMatchObject({
      outcome: 'error',
      errors: [{ field: 'document', path: 'document', message: 'CPF ou CNPJ inválido' }],
    });
    expect(byLine[7]).toMatchObject({
      outcome: 'error',
      errors: [{ field: 'phone', message: expect.stringContaining('Telefone inválido') }],
    });

    const errors = await api().get(`/api/imports/${id}/errors.csv`).set('Cookie', who.cookie);
    expect(errors.status).toBe(200);
    expect(errors.headers['content-type']).toContain('text/csv');
    expect(errors.text.startsWith('\uFEFFLinha;Coluna;Mensagem;Nome;')).toBe(true);
    expect(errors.text).toContain('5;CPF/CNPJ;CPF ou CNPJ inválido;Maria Sem CPF;123.456.789-00');

    // Parallel confirmations run it once.
    const commits = await Promise.all(Array.from({ length: 8 }, () => api().post(`/api/imports/${id}/commit`).set('Cookie', who.cookie)));
    expect(commits.map((response) => response.status)).toEqual(Array(8).fill(202));
    const done = await waitDone(who.cookie, id);
    expect(done.body).toMatchObject({ status: 'done', applied: { create: 3, update: 0 }, progress: { processed: 3, total: 3 } });
    expect(done.body.undoUntil).toEqual(expect.any(String));

    const list = await contacts(who.cookie);
    expect(list).toHaveLength(3);
    const jose = list.find((contact) => contact.cpf === '52998224725')!;
    expect(jose).toMatchObject({
      name: 'José da Conceição',
      email: 'jose@exemplo.com',
      phone: '11987654321',
      kind: 'pf',
      address: { city: 'São Paulo', uf: 'SP' },
      birthDate: '1985-04-03',
      type: 'prospect',
    });
    // A CNPJ row is a company (pessoa jurídica), a prospect until it holds a policy.
    expect(list.find((contact) => contact.cnpj === '11222333000181')).toMatchObject({
      name: 'Empresa Ação Ltda',
      phone: '2134567890',
      kind: 'pj',
      type: 'prospect',
    });
    expect(list.find((contact) => contact.email === 'ana@exemplo.com')).toMatchObject({ phone: '11987651234' });
    const detail = await api()
      .get(`/api/contacts/${jose.id as number}`)
      .set('Cookie', who.cookie);
    expect(detail.body.notes.map((note: { content: string }) => note.content)).toEqual(['Cliente desde 2010']);

    // The same file again: the mapping is remembered (straight to the preview) and nothing is created.
    const again = await upload(who.cookie, windows1252(BOOK), 'clientes.csv');
    expect(again.body.status).toBe('preview');
    const secondPreview = await api()
      .get(`/api/imports/${again.body.id as number}`)
      .set('Cookie', who.cookie);
    expect(secondPreview.body.counts).toMatchObject({ create: 0, update: 0, error: 2 });

    // An update by e-mail: a new phone for José, one field changed.
    const update = await upload(
      who.cookie,
      Buffer.from('nome,email,telefone\nJosé da Conceição,JOSE@exemplo.com,+55 11 91111-2222\n'),
      'atualiza.csv',
    );
    expect(update.body).toMatchObject({ encoding: 'utf-8', delimiter: ',' });
    const updatePreview = await api()
      .put(`/api/imports/${update.body.id as number}/mapping`)
      .set('Cookie', who.cookie)
      .send({ mapping: update.body.mapping });
    expect(updatePreview.body.counts).toMatchObject({ update: 1, create: 0 });
    expect(updatePreview.body.rows[0].reason).toContain('pelo e-mail');
    await api()
      .post(`/api/imports/${update.body.id as number}/commit`)
      .set('Cookie', who.cookie)
      .expect(202);
    await waitDone(who.cookie, update.body.id as number);
    expect((await contacts(who.cookie)).find((contact) => contact.id === jose.id)).toMatchObject({ phone: '11911112222' });

    // Undo the update: the previous phone is back.
    const undoneUpdate = await api()
      .delete(`/api/imports/${update.body.id as number}`)
      .set('Cookie', who.cookie);
    expect(undoneUpdate.body).toMatchObject({ status: 'undone', undoKept: [] });
    expect((await contacts(who.cookie)).find((contact) => contact.id === jose.id)).toMatchObject({ phone: '11987654321' });

    // The broker edits Ana after the import: undo keeps her and says so.
    const ana = (await contacts(who.cookie)).find((contact) => contact.email === 'ana@exemplo.com')!;
    await api()
      .patch(`/api/contacts/${ana.id as number}`)
      .set('Cookie', who.cookie)
      .send({ name: 'Ana Editada', phone: '11987651234', notes: [] })
      .expect(200);
    const undone = await api().delete(`/api/imports/${id}`).set('Cookie', who.cookie);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ status: 'undone', undoKept: [{ targetId: ana.id, line: 6 }] });
    expect((await contacts(who.cookie)).map((contact) => contact.name)).toEqual(['Ana Editada']);
    // Undo twice is the same answer.
    expect((await api().delete(`/api/imports/${id}`).set('Cookie', who.cookie)).body.status).toBe('undone');

    const history = await api().get('/api/imports').set('Cookie', who.cookie);
    expect(history.body.map((entry: { fileName: string; status: string }) => [entry.fileName, entry.status])).toEqual([
      ['atualiza.csv', 'undone'],
      ['clientes.csv', 'preview'],
      ['clientes.csv', 'undone'],
    ]);
    expect(history.body[2]).toMatchObject({ createdBy: who.user.email, applied: { create: 3 } });
  });

  test('a row with a CPF is matched by its CPF: a shared landline or e-mail never updates another person (#33 item 6)', async () => {
    const who = await broker();
    const first = await previewOf(
      who.cookie,
      ['Nome;CPF;Telefone;E-mail', 'Maria Família;529.982.247-25;(11) 3222-4455;', 'Sem Documento;;;contato@empresa.com.br'].join('\n'),
    );
    expect(first.body.counts).toMatchObject({ create: 2 });
    await commitAndWait(who.cookie, first.body.id as number);

    const second = await previewOf(
      who.cookie,
      [
        'Nome;CPF;Telefone;E-mail',
        // The family's landline, another CPF: another person.
        'João Família;111.444.777-35;(11) 3222-4455;',
        // The company's e-mail, held by a contact without a document: maybe that one, never an update.
        'Pedro Empresa;390.533.447-05;;contato@empresa.com.br',
        // The landline again in this file, a third CPF: a third person.
        'Lia Família;987.654.321-00;(11) 3222-4455;',
        // Maria's CPF with a new e-mail: her update.
        'Maria Família;52998224725;;maria@familia.com',
      ].join('\n'),
    );
    const outcomes = (second.body.rows as { line: number; outcome: string; reason: string }[]).map((row) => [row.line, row.outcome]);
    expect(outcomes).toEqual([
      [2, 'create'],
      [3, 'duplicate'],
      [4, 'create'],
      [5, 'update'],
    ]);
    expect(second.body.rows[1].reason).toContain('Possível duplicado de Sem Documento');
    expect(second.body.rows[3].reason).toContain('pelo CPF/CNPJ');
    await commitAndWait(who.cookie, second.body.id as number);
    const byCpf = Object.fromEntries((await contacts(who.cookie)).map((contact) => [contact.cpf, contact]));
    expect(byCpf['52998224725']).toMatchObject({ name: 'Maria Família', phone: '1132224455', email: 'maria@familia.com' });
    expect(byCpf['11144477735']).toMatchObject({ name: 'João Família', phone: '1132224455' });
    expect(byCpf['98765432100']).toMatchObject({ name: 'Lia Família', phone: '1132224455' });
    expect(byCpf['39053344705']).toBeUndefined();
    expect(await contacts(who.cookie)).toHaveLength(4);
  });

  test('undo keeps an imported contact the broker has since messaged, with its timeline (#33 item 3)', async () => {
    const who = await broker();
    const preview = await previewOf(
      who.cookie,
      ['Nome;Celular', 'Rita Mensagem;(11) 98888-7777', 'Sofia Intocada;(11) 97777-6666'].join('\n'),
    );
    await commitAndWait(who.cookie, preview.body.id as number);
    const rita = (await contacts(who.cookie)).find((contact) => contact.name === 'Rita Mensagem')!;
    const saved = await api()
      .put('/api/message-templates')
      .set('Cookie', who.cookie)
      .send({ templates: [{ name: 'Oi', purpose: 'servico', body: 'Olá, {nome}!' }] });
    const welcome = (saved.body as { id: number }[])[0]!;
    const sent = await api()
      .post(`/api/contacts/${rita.id as number}/whatsapp`)
      .set('Cookie', who.cookie)
      .send({ templateId: welcome.id });
    expect(sent.status).toBe(201);

    const undone = await api()
      .delete(`/api/imports/${preview.body.id as number}`)
      .set('Cookie', who.cookie);
    expect(undone.status).toBe(200);
    expect(undone.body.undoKept).toEqual([expect.objectContaining({ targetId: rita.id, reason: expect.stringContaining('mensagem') })]);
    expect((await contacts(who.cookie)).map((contact) => contact.name)).toEqual(['Rita Mensagem']);
    const timeline = await api()
      .get(`/api/contacts/${rita.id as number}/timeline`)
      .set('Cookie', who.cookie);
    expect(timeline.body.entries).toEqual([sent.body.entry]);
  });

  test('what a file expands to is bounded before anything is stored: 413 per row and per file, long strings cut while reading (#33 item 1)', async () => {
    const who = await broker();
    const stored = async () =>
      Number((await fixture.service.knex('import_rows').where({ userId: who.user.id }).count({ n: '*' }).first())!.n);
    // 20,000 cells pointing at one 5,000-character shared string: a few KB that would be 100 M characters.
    const long = 'x'.repeat(IMPORT_LIMITS.cellChars);
    const amplified = xlsxWorkbook({ Plan1: [['Nome', 'Observações'], ...Array.from({ length: 10_000 }, () => [long, long])] });
    expect(amplified.length).toBeLessThan(100_000);
    const refused = await upload(who.cookie, amplified, 'bomba.xlsx');
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe('A planilha tem mais de 32 milhões de caracteres de dados: divida o arquivo e importe em partes.');
    // A row of five such cells (25,000 characters), in a CSV as in an XLSX.
    const wide = ['A;B;C;D;E', Array.from({ length: 5 }, () => long).join(';')].join('\n');
    const wideCsv = await upload(who.cookie, Buffer.from(wide), 'larga.csv');
    expect(wideCsv.status).toBe(413);
    expect(wideCsv.body.message).toContain('A linha 2 da planilha tem mais de 20.000 caracteres');
    const wideXlsx = await upload(
      who.cookie,
      xlsxWorkbook({
        Plan1: [
          ['A', 'B', 'C', 'D', 'E'],
          [long, long, long, long, long],
        ],
      }),
      'larga.xlsx',
    );
    expect(wideXlsx.status).toBe(413);
    expect(await stored()).toBe(0);
    expect((await api().get('/api/imports').set('Cookie', who.cookie)).body).toEqual([]);

    // One 40,000,000-character string in a few KB: read cut to the cell's 5,000, never whole.
    const huge = xlsxWorkbook({
      Plan1: [
        ['Nome', 'Nota'],
        ['Ana', 'y'.repeat(40_000_000)],
      ],
    });
    expect(huge.length).toBeLessThan(200_000);
    const cut = await upload(who.cookie, huge, 'longa.xlsx');
    expect(cut.status).toBe(201);
    expect((cut.body.sample[0].Nota as string).length).toBe(IMPORT_LIMITS.cellChars);
  });

  test("the brokerage's stored rows are bounded, and purged when an import can no longer be undone or was left in preview (#33 item 1)", async () => {
    const who = await broker();
    const knex = fixture.service.knex;
    const rowsOf = async (id: number) => Number((await knex('import_rows').where({ importId: id }).count({ n: '*' }).first())!.n);
    const left = await previewOf(who.cookie, ['Nome;E-mail', 'Ana Deixada;ana@deixada.com'].join('\n'));
    const ran = await previewOf(who.cookie, ['Nome;E-mail', 'Bia Importada;bia@importada.com'].join('\n'));
    await commitAndWait(who.cookie, ran.body.id as number);
    const recent = await previewOf(who.cookie, ['Nome;E-mail', 'Cid Recente;cid@recente.com'].join('\n'));
    const discarded = await previewOf(who.cookie, ['Nome;E-mail', 'Dora Descartada;dora@descartada.com'].join('\n'));

    // Discarding a preview drops its rows at once.
    const closed = await api()
      .delete(`/api/imports/${discarded.body.id as number}`)
      .set('Cookie', who.cookie);
    expect(closed.body).toMatchObject({ status: 'undone', rowsPurgedAt: expect.any(String) });
    expect(await rowsOf(discarded.body.id as number)).toBe(0);

    // The account is near its bound (an earlier import's rows in SQL): a small file more is refused, nothing stored.
    const [filler] = await knex('imports')
      .insert({
        userId: who.user.id,
        kind: 'contacts',
        status: 'preview',
        fileName: 'grande.csv',
        encoding: 'utf-8',
        headers: '[]',
        headerKey: 'x',
        totalRows: 0,
        cellChars: IMPORT_LIMITS.accountChars - 10,
      })
      .returning('id');
    const full = await upload(who.cookie, Buffer.from('Nome;E-mail\nEva Cheia;eva@cheia.com\n'), 'cheia.csv');
    expect(full.status).toBe(413);
    expect(full.body.message).toContain('As importações guardadas da corretora passam de 100 milhões de caracteres');
    await knex('imports')
      .where({ id: (filler as { id: number }).id })
      .delete();

    // A day after it was left, a preview is closed; 30 days after it ran, an import's rows go and it cannot be undone.
    await knex('imports')
      .where({ id: left.body.id })
      .update({ createdAt: knex.raw("now() - interval '25 hours'") });
    await knex('imports')
      .where({ id: ran.body.id })
      .update({ finishedAt: knex.raw("now() - interval '31 days'") });
    // The purge is the engine's, whatever the kinds: an engine without any purges every kind's rows.
    const purger = new ImportsService(knex, {});
    expect(await purger.purge()).toBe(2);
    expect(await purger.purge()).toBe(0);
    expect(await rowsOf(left.body.id as number)).toBe(0);
    expect(await rowsOf(ran.body.id as number)).toBe(0);
    expect(await rowsOf(recent.body.id as number)).toBe(1);
    const history = (await api().get('/api/imports').set('Cookie', who.cookie)).body as {
      id: number;
      status: string;
      rowsPurgedAt: string | null;
    }[];
    const byId = new Map(history.map((entry) => [entry.id, entry]));
    expect(byId.get(left.body.id as number)).toMatchObject({ status: 'undone', rowsPurgedAt: expect.any(String) });
    expect(byId.get(ran.body.id as number)).toMatchObject({ status: 'done', rowsPurgedAt: expect.any(String) });
    expect(byId.get(recent.body.id as number)).toMatchObject({ status: 'preview', rowsPurgedAt: null });
    expect(
      (
        await api()
          .post(`/api/imports/${left.body.id as number}/commit`)
          .set('Cookie', who.cookie)
      ).status,
    ).toBe(409);
    expect(
      (
        await api()
          .delete(`/api/imports/${ran.body.id as number}`)
          .set('Cookie', who.cookie)
      ).status,
    ).toBe(409);
    // The contact the import made stays.
    expect((await contacts(who.cookie)).map((contact) => contact.name)).toContain('Bia Importada');
  });

  test('an XLSX: the chosen sheet, shared strings, dates and formulas as their cached values', async () => {
    const who = await broker();
    const book = xlsxWorkbook({
      Resumo: [['nada aqui']],
      Clientes: [
        ['Nome', 'CPF', 'Nascimento', 'E-mail', 'CEP'],
        ['Lúcia Araújo', '52998224725', { date: 31_141 }, { formula: 'LOWER("LUCIA@EXEMPLO.COM")', cached: 'lucia@exemplo.com' }, 1310100],
        ['Célia', { formula: '1+1', cached: 2 }, null, 'celia@exemplo.com', null],
      ],
    });
    const created = await upload(who.cookie, book, 'carteira.xlsx', 'contacts', 'Clientes');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      encoding: 'xlsx',
      delimiter: null,
      sheets: ['Resumo', 'Clientes'],
      sheet: 'Clientes',
      totalRows: 2,
    });
    expect(created.body.sample[0]).toMatchObject({ Nome: 'Lúcia Araújo', Nascimento: '04/04/1985', 'E-mail': 'lucia@exemplo.com' });
    const preview = await api()
      .put(`/api/imports/${created.body.id as number}/mapping`)
      .set('Cookie', who.cookie)
      .send({ mapping: created.body.mapping });
    expect(preview.body.counts).toMatchObject({ create: 1, error: 1 });
    await api()
      .post(`/api/imports/${created.body.id as number}/commit`)
      .set('Cookie', who.cookie)
      .expect(202);
    await waitDone(who.cookie, created.body.id as number);
    expect(await contacts(who.cookie)).toMatchObject([
      { name: 'Lúcia Araújo', birthDate: '1985-04-04', address: { cep: '01310100' }, email: 'lucia@exemplo.com' },
    ]);

    const missing = await upload(who.cookie, book, 'carteira.xlsx', 'contacts', 'Outra');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('não tem a aba "Outra"');
  });

  test('bad files and bad mappings are pt-BR 4xx, never a 500', async () => {
    const who = await broker();
    expect((await upload(who.cookie, FILE_SAMPLES.png, 'foto.csv')).status).toBe(415);
    expect((await upload(who.cookie, FILE_SAMPLES.pdf, 'a.csv')).status).toBe(415);
    const noKind = await api().post('/api/imports').set('Cookie', who.cookie).attach('file', Buffer.from('a;b\n1;2\n'), 'a.csv');
    expect(noKind.status).toBe(400);
    const badKind = await upload(who.cookie, Buffer.from('a;b\n1;2\n'), 'a.csv', 'claims');
    expect(badKind.status).toBe(400);
    expect(badKind.body.issues[0].message).toContain('Tipo de importação inválido');
    const onlyHeader = await upload(who.cookie, Buffer.from('Nome;CPF\n'), 'a.csv');
    expect(onlyHeader.status).toBe(400);
    expect(onlyHeader.body.message).toContain('não tem linhas de dados');
    expect((await upload(who.cookie, Buffer.from('\n\n'), 'a.csv')).status).toBe(400);

    // A ZIP bomb: the sheet declares 1 GiB, refused from the directory before anything inflates.
    const started = Date.now();
    const bomb = xlsxWorkbook({ Plan1: [['Nome'], ['x']] }, { sheetDeclaredSize: 1024 * 1024 * 1024 });
    const refused = await upload(who.cookie, bomb, 'bomba.xlsx');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('grande demais');
    expect(Date.now() - started).toBeLessThan(5_000);
    // One that lies the other way (declares little, inflates to 64 MiB): stopped by the inflater.
    const liar = zipArchive([
      ['[Content_Types].xml', '<Types/>'],
      ['xl/workbook.xml', '<workbook xmlns:r="r"><sheets><sheet name="P" r:id="rId1"/></sheets></workbook>'],
      ['xl/_rels/workbook.xml.rels', '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'],
      ['xl/worksheets/sheet1.xml', Buffer.alloc(64 * 1024 * 1024, 0x20), { deflate: true, declaredSize: 1000 }],
    ]);
    const lied = await api().post('/api/imports').set('Cookie', who.cookie).field('kind', 'contacts').attach('file', liar, 'mentira.xlsx');
    expect([400, 415]).toContain(lied.status);

    const created = await upload(who.cookie, Buffer.from('Nome;Email\nA;a@b.com\n'), 'a.csv');
    const id = created.body.id as number;
    const unknownHeader = await api()
      .put(`/api/imports/${id}/mapping`)
      .set('Cookie', who.cookie)
      .send({ mapping: { name: 'Nome', email: 'Fone' } });
    expect(unknownHeader.status).toBe(400);
    expect(unknownHeader.body.issues).toEqual([{ path: 'mapping.email', message: 'A planilha não tem a coluna "Fone"' }]);
    const noName = await api()
      .put(`/api/imports/${id}/mapping`)
      .set('Cookie', who.cookie)
      .send({ mapping: { email: 'Email' } });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe('Escolha a coluna de Nome');
    const unknownField = await api()
      .put(`/api/imports/${id}/mapping`)
      .set('Cookie', who.cookie)
      .send({ mapping: { name: 'Nome', salary: 'Email' } });
    expect(unknownField.status).toBe(400);
    const badMode = await api()
      .put(`/api/imports/${id}/mapping`)
      .set('Cookie', who.cookie)
      .send({ mapping: { name: 'Nome' }, mode: 'delete' });
    expect(badMode.status).toBe(400);
    // Committing before a mapping: 409.
    expect((await api().post(`/api/imports/${id}/commit`).set('Cookie', who.cookie)).status).toBe(409);
    expect((await api().get(`/api/imports/${id}?limit=100000`).set('Cookie', who.cookie)).status).toBe(400);
    expect((await api().get('/api/imports/abc').set('Cookie', who.cookie)).status).toBe(404);
  });

  test("another broker's import is a 404 everywhere, and their rows are never matched", async () => {
    const owner = await broker();
    const other = await broker();
    const created = await upload(owner.cookie, Buffer.from('Nome;CPF\nJosé;529.982.247-25\n'), 'a.csv');
    const id = created.body.id as number;
    await api().put(`/api/imports/${id}/mapping`).set('Cookie', owner.cookie).send({ mapping: created.body.mapping }).expect(200);
    for (const call of [
      api().get(`/api/imports/${id}`),
      api().get(`/api/imports/${id}/errors.csv`),
      api()
        .put(`/api/imports/${id}/mapping`)
        .send({ mapping: { name: 'Nome' } }),
      api().post(`/api/imports/${id}/commit`),
      api().delete(`/api/imports/${id}`),
    ]) {
      const response = await call.set('Cookie', other.cookie);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Importação não encontrada.');
    }
    expect((await api().get('/api/imports').set('Cookie', other.cookie)).body).toEqual([]);
    await api().post(`/api/imports/${id}/commit`).set('Cookie', owner.cookie).expect(202);
    await waitDone(owner.cookie, id);
    // The other broker imports the same person: created for them, the owner's contact untouched.
    const theirs = await upload(other.cookie, Buffer.from('Nome;CPF\nJosé Outro;529.982.247-25\n'), 'a.csv');
    const preview = await api()
      .put(`/api/imports/${theirs.body.id as number}/mapping`)
      .set('Cookie', other.cookie)
      .send({ mapping: theirs.body.mapping });
    expect(preview.body.counts).toMatchObject({ create: 1, update: 0 });
    expect((await api().get('/api/imports').set('Cookie', other.cookie)).body).toHaveLength(1);
    expect(await fixture.service.knex('imports').where({ id }).first('user_id')).toEqual({ userId: owner.user.id });
  });

  test('the contacts export imports back with its columns mapped and changes nothing; a CNPJ is searchable', async () => {
    const who = await broker();
    const created = await upload(who.cookie, windows1252(BOOK), 'clientes.csv');
    await api()
      .put(`/api/imports/${created.body.id as number}/mapping`)
      .set('Cookie', who.cookie)
      .send({ mapping: created.body.mapping });
    await api()
      .post(`/api/imports/${created.body.id as number}/commit`)
      .set('Cookie', who.cookie)
      .expect(202);
    await waitDone(who.cookie, created.body.id as number);
    const found = await api().get('/api/contacts?q=11.222.333/0001').set('Cookie', who.cookie);
    expect(found.body.items.map((contact: { name: string }) => contact.name)).toEqual(['Empresa Ação Ltda']);

    const exported = await api().get('/api/contacts/export').set('Cookie', who.cookie);
    const again = await upload(who.cookie, Buffer.from(exported.text), 'contatos.csv');
    expect(again.body).toMatchObject({ encoding: 'utf-8-bom', delimiter: ';' });
    expect(again.body.mapping).toMatchObject({ name: 'Nome', email: 'E-mail', phone: 'Telefone', document: 'CPF/CNPJ', type: 'Tipo' });
    const preview = await api()
      .put(`/api/imports/${again.body.id as number}/mapping`)
      .set('Cookie', who.cookie)
      .send({ mapping: again.body.mapping });
    expect(preview.body.counts).toEqual({ create: 0, update: 0, skip: 3, duplicate: 0, error: 0 });
  });

  test('a company made in the form (alphanumeric CNPJ, landline, address) goes out and comes back unchanged, in its own account and another (#34)', async () => {
    const who = await broker();
    const company = { ...COMPANY, email: 'contato@paoquente.com.br' };
    expect((await api().post('/api/contacts').set('Cookie', who.cookie).send(company)).status).toBe(201);
    const exported = await api().get('/api/contacts/export').set('Cookie', who.cookie);
    const importInto = async (cookie: string) => {
      const created = await upload(cookie, Buffer.from(exported.text), 'contatos.csv');
      expect(created.body.mapping).toMatchObject({
        legalName: 'Razão social',
        tradeName: 'Nome fantasia',
        contactPerson: 'Pessoa de contato',
        cep: 'CEP',
        address: 'Endereço',
        number: 'Número',
        complement: 'Complemento',
        district: 'Bairro',
        city: 'Cidade',
        state: 'UF',
      });
      return api()
        .put(`/api/imports/${created.body.id as number}/mapping`)
        .set('Cookie', cookie)
        .send({ mapping: created.body.mapping });
    };
    // Its own account: nothing to change.
    expect((await importInto(who.cookie)).body.counts).toEqual({ create: 0, update: 0, skip: 1, duplicate: 0, error: 0 });
    // Another account: created as it was.
    const other = await broker();
    const preview = await importInto(other.cookie);
    expect(preview.body.counts).toMatchObject({ create: 1, error: 0 });
    await api()
      .post(`/api/imports/${preview.body.id as number}/commit`)
      .set('Cookie', other.cookie)
      .expect(202);
    await waitDone(other.cookie, preview.body.id as number);
    const strip = ({
      id: _id,
      createdAt: _created,
      lastContact: _last,
      type: _type,
      responsibleId: _responsible,
      ...rest
    }: Record<string, unknown>) => rest;
    const [mine] = await contacts(who.cookie);
    const [theirs] = await contacts(other.cookie);
    expect(strip(theirs!)).toEqual(strip(mine!));
    expect(theirs).toMatchObject({ kind: 'pj', cnpj: '12ABC34501DE35', phone: '1132224455', address: { district: 'Bela Vista' } });
  });

  test('a contact the import created and the broker merged into another: undo keeps the survivor', async () => {
    const who = await broker();
    const kept = await api()
      .post('/api/contacts')
      .set('Cookie', who.cookie)
      .send({ name: 'Rita Lopes', phone: '(11) 97777-6666', type: 'individual' });
    const created = await upload(
      who.cookie,
      Buffer.from('Nome;E-mail\nRita Lopes;rita@exemplo.com\nOutra Pessoa;outra@exemplo.com\n'),
      'a.csv',
    );
    await api()
      .put(`/api/imports/${created.body.id as number}/mapping`)
      .set('Cookie', who.cookie)
      .send({ mapping: created.body.mapping, mode: 'create' });
    // Same name, no key in common: a possible duplicate, not created.
    await api()
      .post(`/api/imports/${created.body.id as number}/commit`)
      .set('Cookie', who.cookie)
      .expect(202);
    const done = await waitDone(who.cookie, created.body.id as number);
    expect(done.body.applied).toMatchObject({ create: 1, duplicate: 1 });
    const other = (await contacts(who.cookie)).find((contact) => contact.name === 'Outra Pessoa')!;
    const merged = await api()
      .post(`/api/contacts/${kept.body.id as number}/merge`)
      .set('Cookie', who.cookie)
      .send({ otherId: other.id });
    expect(merged.status).toBe(200);
    const undone = await api()
      .delete(`/api/imports/${created.body.id as number}`)
      .set('Cookie', who.cookie);
    expect(undone.body.undoKept).toEqual([expect.objectContaining({ targetId: kept.body.id })]);
    expect((await contacts(who.cookie)).map((contact) => contact.name)).toEqual(['Rita Lopes']);
  });

  test('an import whose worker died (no heartbeat for a minute) is taken over by the next reader, once', async () => {
    const who = await broker();
    const created = await upload(who.cookie, Buffer.from('Nome;E-mail\nA;a@exemplo.com\nB;b@exemplo.com\nC;c@exemplo.com\n'), 'a.csv');
    const id = created.body.id as number;
    await api().put(`/api/imports/${id}/mapping`).set('Cookie', who.cookie).send({ mapping: created.body.mapping }).expect(200);
    // As a process killed right after claiming the commit leaves it.
    await fixture.service
      .knex('imports')
      .where({ id })
      .update({ status: 'running', heartbeatAt: fixture.service.knex.raw("now() - interval '2 minutes'") });
    const readers = await Promise.all(Array.from({ length: 5 }, () => api().get(`/api/imports/${id}`).set('Cookie', who.cookie)));
    expect(readers.map((response) => response.status)).toEqual(Array(5).fill(200));
    const done = await waitDone(who.cookie, id);
    expect(done.body).toMatchObject({ status: 'done', applied: { create: 3 } });
    expect((await contacts(who.cookie)).map((contact) => contact.name).sort()).toEqual(['A', 'B', 'C']);
  });

  test('signed out: 401', async () => {
    expect((await api().get('/api/imports')).status).toBe(401);
    expect((await api().post('/api/imports').attach('file', Buffer.from('a\n1\n'), 'a.csv')).status).toBe(401);
  });
});
