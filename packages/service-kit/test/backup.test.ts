import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { gunzipSync, gzipSync } from 'node:zlib';
import knexFactory, { type Knex } from 'knex';
import { createObjectStore, prepareDatabase, recordAuditEvent, type ObjectStore } from '../src';
import { orphanedRows, parseBookCommand, readManifest, restoreBackup, takeBackup, type BookPlace } from '../src/backup';
import { createTestDatabase } from '../src/testing';

/**
 * Backup and restore of the kit (`npm run backup` / `restore` and compose's one-shots run these),
 * on real Postgres and S3: a schema of this run, migrated as its own role; a bucket of its own.
 */
const suffix = randomUUID().replace(/-/g, '').slice(0, 8);
const schema = `books_${suffix}`;
const roles = [{ schema, password: randomBytes(18).toString('base64url') }];
const fixtures = path.join(__dirname, 'fixtures', 'migrations', 'backup');
const secrets = { INSURER_PASSWORD_KEY: randomBytes(32).toString('base64'), SESSION_KEYS: 'chave-de-sessao-0123456789abcdef' };
const release = { version: 'teste', commit: null };

interface Place {
  place: BookPlace;
  knex: Knex;
  drop(): Promise<void>;
}

const opened: Place[] = [];
const folders: string[] = [];

async function newPlace(release: 'v1' | 'v2'): Promise<Place> {
  const database = await createTestDatabase();
  const store: ObjectStore = createObjectStore({ ...process.env, S3_BUCKET: `bk-${suffix}-${opened.length}` });
  await store.ensureBucket();
  const knex = knexFactory({ client: 'pg', connection: database.url, searchPath: [schema, 'public'], pool: { min: 0, max: 4 } });
  const place: Place = {
    place: {
      adminUrl: database.url,
      store,
      remotesDir: null,
      schemas: [schema],
      migrationsDir: () => path.join(fixtures, release),
      log: () => undefined,
    },
    knex,
    async drop() {
      await knex.destroy();
      await store.removePrefix('');
      await database.drop();
    },
  };
  opened.push(place);
  return place;
}

async function folder(mode = 0o700): Promise<string> {
  const created = await mkdtemp(path.join(os.tmpdir(), 'backup-test-'));
  await chmod(created, mode);
  folders.push(created);
  return created;
}

/** A book: the schema as the service migrates it, rows in every table, a used sequence, objects. */
async function seeded(): Promise<Place> {
  const source = await newPlace('v1');
  await prepareDatabase(source.place.adminUrl, roles);
  const { migrateAsRole } = await import('../src/backup/schema-migrations');
  await migrateAsRole(source.place.adminUrl, schema, 'latest', source.place.migrationsDir);
  const [author] = await source.knex('authors').insert({ name: 'Machado' }).returning('id');
  for (let n = 1; n <= 40; n += 1) {
    const key = n % 10 === 0 ? `documents/${suffix}/apólice nº ${n}.pdf` : null;
    if (key) await source.place.store.putObject(key, Buffer.from(`%PDF-1.7 apólice ${n} ção`), 'application/pdf');
    await source.knex('books').insert({
      author_id: author.id,
      title: n === 7 ? 'Dom Casmurro (2ª ed.)' : `Livro\t${n}\n"aspas"`,
      price_cents: n * 1999,
      object_key: key,
    });
  }
  await source.knex('books').where('id', 3).delete();
  // Who did what is part of the book: two entries of the audit log (which refuses to be changed).
  await recordAuditEvent(source.knex, '00000000-0000-4000-8000-00000000a0d1', {
    action: 'sign_in',
    entity: 'member',
    actor: { id: '00000000-0000-4000-8000-00000000a0d1', address: '10.0.0.1' },
  });
  await recordAuditEvent(source.knex, '00000000-0000-4000-8000-00000000a0d1', { action: 'export', entity: 'contact' });
  return source;
}

const rowsOf = (knex: Knex, table: string) => knex(table).select('*').orderBy('id');

afterAll(async () => {
  for (const place of opened) await place.drop().catch(() => undefined);
  for (const created of folders) await rm(created, { recursive: true, force: true });
  const admin = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 1 } });
  await admin.raw('drop role if exists ??', [`corretora_${schema}`]).catch(() => undefined);
  await admin.destroy();
});

test('a backup goes only into a folder no other user can open, and an empty one', async () => {
  const source = await newPlace('v1');
  await expect(takeBackup(source.place, await folder(0o755), { secrets, release })).rejects.toThrow(
    /can be read by other users \(mode 755\).*chmod 700/,
  );
  const used = await folder();
  await writeFile(path.join(used, 'old.txt'), 'x');
  await expect(takeBackup(source.place, used, { secrets, release })).rejects.toThrow(/is not empty/);
});

test('backed up, restored into an empty database and store: every row, sequence, object and secret as it was', async () => {
  const source = await seeded();
  const target = await folder();
  const manifest = await takeBackup(source.place, target, { secrets, release });
  expect(manifest.tables.map((table) => [`${table.schema === schema ? '' : `${table.schema}.`}${table.table}`, table.rows])).toEqual([
    ['authors', 1],
    ['book_events', 40],
    ['books', 39],
    // The shared tables come along; the rate limits' counters do not.
    ['public.account_gates', 0],
    ['public.audit_log', 2],
    ['public.client_sessions', 0],
    ['public.sessions', 0],
  ]);
  expect(manifest.tables.find((table) => table.table === 'books')?.columns).not.toContain('search');
  expect(manifest.objects.items.map((item) => item.key)).toHaveLength(4);
  expect((await stat(path.join(target, 'secrets.json'))).mode & 0o777).toBe(0o600);
  expect(JSON.parse(await readFile(path.join(target, 'secrets.json'), 'utf8'))).toEqual(secrets);
  expect(manifest.secrets).toEqual(['INSURER_PASSWORD_KEY', 'SESSION_KEYS']);

  const restored = await newPlace('v1');
  await restoreBackup(restored.place, target, { roles, force: false });
  for (const table of ['authors', 'books', 'book_events', 'public.audit_log'])
    expect(await rowsOf(restored.knex, table)).toEqual(await rowsOf(source.knex, table));
  // The sequence goes on after the last id, and the trigger works again once loaded.
  const [next] = await restored.knex('books').insert({ author_id: 1, title: 'Novo', price_cents: 1 }).returning('id');
  expect(next.id).toBe(41);
  expect(await restored.knex('book_events').where('book_id', 41).count('* as n').first()).toEqual({ n: '1' });
  // Owned by the service's role, as when the service migrates.
  const owner = await restored.knex.raw<{ rows: { owner: string }[] }>(
    "select tableowner as owner from pg_tables where schemaname = ? and tablename = 'books'",
    [schema],
  );
  expect(owner.rows[0]!.owner).toBe(`corretora_${schema}`);
  for (const item of manifest.objects.items) {
    expect(await restored.place.store.statObject(item.key)).toEqual({ size: item.size, contentType: 'application/pdf' });
    expect(await text(await restored.place.store.getObject(item.key))).toBe(await text(await source.place.store.getObject(item.key)));
  }
  expect(await orphanedRows(restored.place.adminUrl, [schema])).toEqual([]);
});

test('a database or store that holds data is refused unless --force, which replaces it', async () => {
  const source = await seeded();
  const target = await folder();
  await takeBackup(source.place, target, { secrets, release });
  await source.knex('books').insert({ author_id: 1, title: 'Escrito depois', price_cents: 5 });
  await expect(restoreBackup(source.place, target, { roles, force: false })).rejects.toThrow(/already holds data.*--force/);
  expect(await source.knex('books').count('* as n').first()).toEqual({ n: '40' });
  await restoreBackup(source.place, target, { roles, force: true });
  expect(await source.knex('books').count('* as n').first()).toEqual({ n: '39' });
  expect(await source.knex('books').where('title', 'Escrito depois').first()).toBeUndefined();
});

test('a damaged file is found before anything is loaded', async () => {
  const source = await seeded();
  const target = await folder();
  const manifest = await takeBackup(source.place, target, { secrets, release });
  const books = manifest.tables.find((table) => table.table === 'books')!;
  const content = gunzipSync(await readFile(path.join(target, books.file)))
    .toString()
    .replace('Machado', 'Machadx');
  await writeFile(path.join(target, books.file), gzipSync(content));
  const restored = await newPlace('v1');
  await expect(restoreBackup(restored.place, target, { roles, force: false })).rejects.toThrow(/does not match the manifest.*damaged/);
  const tables = await restored.knex.raw<{ rows: unknown[] }>("select 1 from pg_tables where schemaname = ? and tablename = 'books'", [
    schema,
  ]);
  if (tables.rows.length > 0) expect(await restored.knex('books').count('* as n').first()).toEqual({ n: '0' });
  expect(await readManifest(target)).toEqual(manifest);
});

test('a backup of the previous release restores into this one: its migrations, its rows, then the upgrade', async () => {
  const source = await seeded();
  const target = await folder();
  await takeBackup(source.place, target, { secrets, release });
  const upgraded = await newPlace('v2');
  await restoreBackup(upgraded.place, target, { roles, force: false });
  const books = await rowsOf(upgraded.knex, 'books');
  expect(books).toHaveLength(39);
  expect(books.find((book: { title: string }) => book.title === 'Dom Casmurro (2ª ed.)')).toMatchObject({ edition: 2 });
  expect(books.filter((book: { edition: number }) => book.edition === 1)).toHaveLength(38);
  const migrations = await upgraded.knex.withSchema(schema).table('knex_migrations').pluck('name');
  expect(migrations).toEqual(['20260101000000_books.ts', '20260102000000_book_editions.ts']);
});

test('a backup taken while writes go on is one instant: no book without its author', async () => {
  const source = await seeded();
  let writing = true;
  const writer = (async () => {
    let n = 0;
    while (writing) {
      n += 1;
      await source.knex.transaction(async (trx) => {
        const [author] = await trx('authors')
          .insert({ name: `Autor ${n}` })
          .returning('id');
        await trx('books').insert({ author_id: author.id, title: `Obra ${n}`, price_cents: n });
      });
    }
    return n;
  })();
  const target = await folder();
  const manifest = await takeBackup(source.place, target, { secrets, release });
  writing = false;
  expect(await writer).toBeGreaterThan(0);
  const restored = await newPlace('v1');
  await restoreBackup(restored.place, target, { roles, force: false });
  expect(await orphanedRows(restored.place.adminUrl, [schema])).toEqual([]);
  const counts = Object.fromEntries(manifest.tables.map((table) => [table.table, table.rows]));
  expect(Number((await restored.knex('authors').count('* as n').first())!.n)).toBe(counts.authors);
  expect(Number((await restored.knex('books').count('* as n').first())!.n)).toBe(counts.books);
  expect(counts.books! - 39).toBe(counts.authors! - 1);
});

test('the commands say how they are used, and --force belongs to restore only', () => {
  expect(parseBookCommand(['backup', 'pasta'])).toEqual({ action: 'backup', folder: path.resolve('pasta'), force: false });
  expect(parseBookCommand(['restore', 'pasta', '--force'])).toEqual({ action: 'restore', folder: path.resolve('pasta'), force: true });
  for (const wrong of [[], ['backup'], ['backup', 'a', 'b'], ['backup', 'a', '--force'], ['apagar', 'a']]) {
    expect(() => parseBookCommand(wrong)).toThrow(/usage: npm run backup -- <folder>/);
  }
});

test('a manifest that names a file outside the backup, or a table with a quote in its name, loads nothing', async () => {
  const source = await seeded();
  const target = await folder();
  const manifest = await takeBackup(source.place, target, { secrets, release });
  const outside = await folder();
  await writeFile(path.join(outside, 'passwd'), 'root:x:0:0');
  const books = manifest.tables.find((table) => table.table === 'books')!;
  const tampered = {
    ...manifest,
    tables: manifest.tables.map((table) =>
      table === books ? { ...table, file: path.relative(target, path.join(outside, 'passwd')) } : table,
    ),
  };
  await writeFile(path.join(target, 'manifest.json'), JSON.stringify(tampered));
  const restored = await newPlace('v1');
  await expect(restoreBackup(restored.place, target, { roles, force: false })).rejects.toThrow(/outside the backup/);
  const injected = {
    ...manifest,
    tables: manifest.tables.map((table) => (table === books ? { ...table, table: 'books"; drop table authors; --' } : table)),
  };
  await writeFile(path.join(target, 'manifest.json'), JSON.stringify(injected));
  await expect(restoreBackup(restored.place, target, { roles, force: true })).rejects.toThrow(/other than the backup's/);
  expect(await restored.knex('authors').count('* as n').first()).toEqual({ n: '0' });
});

test('a backup from before a shared table grew restores (the new nullable columns are left empty); a service table that lost a column does not', async () => {
  const source = await seeded();
  const target = await folder();
  const manifest = await takeBackup(source.place, target, { secrets, release });
  // As a release from before teams wrote it: public.sessions without member_id and role (no rows, so its file fits).
  const older = {
    ...manifest,
    tables: manifest.tables.map((table) =>
      table.table === 'sessions'
        ? { ...table, columns: table.columns.filter((column) => column !== 'member_id' && column !== 'role') }
        : table,
    ),
  };
  await writeFile(path.join(target, 'manifest.json'), JSON.stringify(older));
  const restored = await newPlace('v1');
  await restoreBackup(restored.place, target, { roles, force: false });
  expect(await rowsOf(restored.knex, 'books')).toEqual(await rowsOf(source.knex, 'books'));

  const books = manifest.tables.find((table) => table.table === 'books')!;
  const shrunk = {
    ...manifest,
    tables: manifest.tables.map((table) =>
      table === books ? { ...table, columns: table.columns.filter((column) => column !== 'title') } : table,
    ),
  };
  await writeFile(path.join(target, 'manifest.json'), JSON.stringify(shrunk));
  await expect(restoreBackup(restored.place, target, { roles, force: true })).rejects.toThrow(/other than the backup's/);
});
