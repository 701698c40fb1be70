import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createImportTables, handOverImports, keyByBrokerage, receiveImports } from '../src';
import { createKnex } from '../src/database';
import { createTestDatabase } from '../src/testing';

let drop: () => Promise<void>;
let from: Knex;
let to: Knex;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  // Two services' schemas on one database, as deployed: the one that ran the imports and the one that now owns them.
  from = createKnex(database.url, 'sender');
  to = createKnex(database.url, 'receiver');
  for (const [knex, schema] of [
    [from, 'sender'],
    [to, 'receiver'],
  ] as const) {
    await knex.raw('create schema ??', [schema]);
    await createImportTables(knex, ['contacts', 'statement']);
    // As the services' migrations leave them (#63: keyed by the brokerage).
    await keyByBrokerage(knex, schema);
  }
});

afterAll(async () => {
  await from.destroy();
  await to.destroy();
  await drop();
});

async function legacyImport(userId: string, kind: 'contacts' | 'statement', rows: number): Promise<number> {
  const [created] = (await from('imports')
    .insert({
      userId,
      kind,
      insurerId: kind === 'statement' ? 7 : null,
      status: 'done',
      fileName: `${kind}.csv`,
      encoding: 'utf-8',
      delimiter: ';',
      headers: JSON.stringify(['Apólice', 'Valor']),
      headerKey: 'k'.repeat(64),
      mapping: JSON.stringify({ policyNumber: 'Apólice' }),
      totalRows: rows,
      counts: JSON.stringify({ create: rows, update: 0, skip: 0, duplicate: 0, error: 0 }),
      finishedAt: new Date('2026-11-20T12:00:00Z'),
    })
    .returning('id')) as { id: number }[];
  const id = created!.id;
  for (let line = 2; line < rows + 2; line += 1) {
    await from('import_rows').insert({
      importId: id,
      line,
      userId,
      cells: JSON.stringify([`AP-${line}`, 'x'.repeat(5000)]),
      outcome: 'create',
      errors: JSON.stringify([]),
      record: JSON.stringify({ line, fingerprint: `f${line}` }),
      applied: 'created',
    });
  }
  return id;
}

describe('handing a kind of import over to the service that now owns its rows (#36)', () => {
  test('statements move with their ids, rows and mappings; other kinds and other brokers stay; a second run sends nothing', async () => {
    const [ana, bia] = [randomUUID(), randomUUID()];
    const statement = await legacyImport(ana, 'statement', 300);
    const contacts = await legacyImport(ana, 'contacts', 2);
    const other = await legacyImport(bia, 'statement', 1);
    await from('import_mappings').insert([
      { userId: ana, kind: 'statement', headerKey: 'a'.repeat(64), mapping: JSON.stringify({ policyNumber: 'Apólice' }) },
      { userId: ana, kind: 'contacts', headerKey: 'b'.repeat(64), mapping: JSON.stringify({ name: 'Nome' }) },
    ]);
    // The receiver already holds an import under the id of Bia's statement (no rows here name it):
    // that one takes a new id, Ana's keeps hers (the receiver's statement lines name it).
    const own = { kind: 'contacts', status: 'mapping', fileName: 'n.csv', encoding: 'utf-8', headers: '[]', headerKey: 'n', totalRows: 0 };
    await to.raw(`select setval(pg_get_serial_sequence('imports', 'id'), ?, false)`, [other]);
    await to('imports').insert({ ...own, userId: bia });
    expect(await to('imports').pluck('id')).toEqual([other]);
    const parts: number[] = [];
    const moved = await handOverImports(from, ['statement'], async (userId, part) => {
      parts.push(part.rows.length);
      // Every part arrives twice (a retry after a lost answer): nothing is written twice.
      await receiveImports(to, userId, part);
      return receiveImports(to, userId, part);
    });
    expect(moved).toBe(2);
    // 300 rows of 5,000 characters cross in more than one call, each under the internal body cap.
    expect(parts.filter((rows) => rows > 0).length).toBeGreaterThan(1);

    const received = (await to('imports').whereNotNull('movedFrom').orderBy('movedFrom').select('id', 'userId', 'movedFrom')) as {
      id: number;
      userId: string;
      movedFrom: number;
    }[];
    expect(received).toEqual([
      { id: statement, userId: ana, movedFrom: statement },
      { id: expect.any(Number), userId: bia, movedFrom: other },
    ]);
    expect(received[1]!.id).not.toBe(other);
    expect(Number((await to('import_rows').where({ importId: received[1]!.id }).count({ n: '*' }))[0]!.n)).toBe(1);
    expect(Number((await to('import_rows').where({ importId: statement }).count({ n: '*' }))[0]!.n)).toBe(300);
    expect(await to('import_rows').where({ importId: statement, line: 2 }).first('cells', 'record', 'applied', 'userId')).toEqual({
      cells: ['AP-2', 'x'.repeat(5000)],
      record: { line: 2, fingerprint: 'f2' },
      applied: 'created',
      userId: ana,
    });
    expect(await to('import_mappings').select('userId', 'kind')).toEqual([{ userId: ana, kind: 'statement' }]);
    // A new import here never takes a moved id.
    const [next] = (await to('imports')
      .insert({ ...own, userId: ana })
      .returning('id')) as { id: number }[];
    expect(next!.id).toBeGreaterThan(Math.max(...received.map((row) => row.id)));

    // The sender keeps the other kinds, nothing of the moved one; a second run has nothing to send.
    expect(await from('imports').pluck('id')).toEqual([contacts]);
    expect(await from('import_mappings').pluck('kind')).toEqual(['contacts']);
    expect(await handOverImports(from, ['statement'], () => Promise.reject(new Error('nothing should be sent')))).toBe(0);
  });
});
