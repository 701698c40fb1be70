import { createReadStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { AUDIT_TABLE } from '../audit';
import { SHARED_TABLES } from '../database-roles';
import { ACCOUNT_RATE_LIMITS_TABLE, RATE_LIMITS_TABLE } from '../rate-limit';
import { verifyFile, writeHashed } from './backup-files';
import type { BackupManifest, TableCopy } from './backup-manifest';

/** Where objects of the store are named by the database: checked against the store's copy. */
export const OBJECT_REFERENCES = [
  { schema: 'finance', table: 'documents', column: 'file_name' },
  { schema: 'broker', table: 'broker_profiles', column: 'photo_key' },
] as const;

/**
 * Not copied: knex's bookkeeping (the migrations are in the manifest) and the attempt counters of
 * the rate limits, which a service creates at start and which mean nothing a minute later.
 */
const NOT_COPIED = new Set(['knex_migrations', 'knex_migrations_lock', RATE_LIMITS_TABLE]);
const SHARED_COPIED = [...SHARED_TABLES.filter((name) => name !== ACCOUNT_RATE_LIMITS_TABLE), AUDIT_TABLE].map(
  (name) => name.split('.')[1]!,
);

/** One connection for one piece of work, always closed. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (schema: string, table: string) => `${quoted(schema)}.${quoted(table)}`;

type Dump = Pick<BackupManifest, 'postgres' | 'schemas' | 'tables' | 'sequences'> & { objectKeys: Set<string> };

/** The tables to copy: every table of the services' schemas and the shared ones in public. */
async function tablesOf(client: pg.Client, schemas: readonly string[]): Promise<{ schema: string; table: string; columns: string[] }[]> {
  const { rows } = await client.query<{ schema: string; table: string; columns: string[] }>(
    `select n.nspname as schema, c.relname as table,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relkind in ('r', 'p') and not c.relispartition
        and (n.nspname = any($1) or (n.nspname = 'public' and c.relname = any($2)))
      group by 1, 2 order by 1, 2`,
    [schemas, SHARED_COPIED],
  );
  return rows.filter((row) => !NOT_COPIED.has(row.table));
}

/**
 * Every service's rows in one snapshot (REPEATABLE READ, read only): a backup taken while brokers
 * work is the database of one instant, so no instalment outlives its policy in the copy. Each table
 * is `COPY`'d out in text format, gzip'd, with its sha256; the migrations run so far and the
 * sequences' positions go into the manifest.
 */
export async function dumpDatabase(adminUrl: string, folder: string, schemas: readonly string[]): Promise<Dump> {
  await mkdir(path.join(folder, 'db'), { recursive: true, mode: 0o700 });
  return withClient(adminUrl, async (client) => {
    await client.query('begin isolation level repeatable read read only');
    const postgres = (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    const present = (
      await client.query<{ name: string }>('select nspname as name from pg_namespace where nspname = any($1)', [schemas])
    ).rows.map((row) => row.name);
    const migrationsOf = async (schema: string) => {
      const table = await client.query('select 1 from pg_tables where schemaname = $1 and tablename = $2', [schema, 'knex_migrations']);
      if (table.rowCount === 0) return [];
      return (await client.query<{ name: string }>(`select name from ${qualified(schema, 'knex_migrations')} order by id`)).rows.map(
        (row) => row.name,
      );
    };
    const schemaList: Dump['schemas'] = [];
    for (const name of schemas.filter((schema) => present.includes(schema)))
      schemaList.push({ name, migrations: await migrationsOf(name) });
    const tables: TableCopy[] = [];
    for (const { schema, table, columns } of await tablesOf(client, present)) {
      const file = path.join('db', `${schema}.${table}.copy.gz`);
      const source = client.query(copyTo(`copy (select ${columns.map(quoted).join(', ')} from ${qualified(schema, table)}) to stdout`));
      const copy = await writeHashed(source, folder, file, [createGzip({ level: 1 })]);
      // The data ends at CopyDone; the row count comes after it (CommandComplete, 'COPY n'), and on a
      // busy machine in a later packet than the last row: a file can be written before the count is
      // read (a backup once said 0 sessions for 62). The next statement runs only once the COPY is
      // complete, so after it the count is there.
      await client.query('select 1');
      tables.push({ schema, table, columns, rows: source.rowCount ?? 0, ...copy });
    }
    const sequences = (
      await client.query<{ schema: string; name: string; value: string | null }>(
        `select schemaname as schema, sequencename as name, last_value::text as value from pg_sequences
          where schemaname = any($1) or (schemaname = 'public' and sequencename = 'audit_log_id_seq') order by 1, 2`,
        [present],
      )
    ).rows;
    const objectKeys = new Set<string>();
    for (const reference of OBJECT_REFERENCES) {
      if (!tables.some((table) => table.schema === reference.schema && table.table === reference.table)) continue;
      const { rows } = await client.query<{ key: string }>(
        `select ${quoted(reference.column)} as key from ${qualified(reference.schema, reference.table)} where ${quoted(reference.column)} is not null`,
      );
      for (const row of rows) objectKeys.add(row.key);
    }
    await client.query('commit');
    return { postgres, schemas: schemaList, tables, sequences, objectKeys };
  });
}

/** Whether any service schema holds a row (migration bookkeeping aside). */
export async function databaseHasRows(adminUrl: string, schemas: readonly string[]): Promise<boolean> {
  return withClient(adminUrl, async (client) => {
    for (const { schema, table } of await tablesOf(client, schemas)) {
      if (schema === 'public') continue;
      const { rowCount } = await client.query(`select 1 from ${qualified(schema, table)} limit 1`);
      if (rowCount) return true;
    }
    return false;
  });
}

/** Drops the services' schemas and empties the shared tables: what `restore --force` starts from. */
export async function wipeDatabase(adminUrl: string, schemas: readonly string[]): Promise<void> {
  return withClient(adminUrl, async (client) => {
    for (const schema of schemas) await client.query(`drop schema if exists ${quoted(schema)} cascade`);
    const shared = await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public'");
    const names = [...SHARED_TABLES, AUDIT_TABLE].filter((table) => shared.rows.some((row) => `public.${row.name}` === table));
    // The audit log refuses a truncate (its trigger); the administrator's replica role lets the restore replace it whole.
    await client.query('set session_replication_role = replica');
    if (names.length > 0) await client.query(`truncate ${names.join(', ')}`);
    await client.query('set session_replication_role = default');
  });
}

/**
 * Loads the rows of a backup into tables its migrations just created, in one transaction: the rows
 * those migrations seeded are replaced, foreign keys and triggers wait (session_replication_role,
 * the administrator's), every file is checked against its sha256 first and every table's row count
 * after, and the sequences continue where they were.
 */
export async function loadDatabase(adminUrl: string, folder: string, manifest: BackupManifest): Promise<void> {
  for (const table of manifest.tables) await verifyFile(folder, table);
  return withClient(adminUrl, async (client) => {
    await client.query('begin');
    try {
      await loadRows(client, folder, manifest);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    }
  });
}

/** Of `columns` of a shared table, those a row cannot leave out (not null, no default). */
async function requiredColumns(client: pg.Client, table: string, columns: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = $1 and column_name = any($2) and is_nullable = 'NO' and column_default is null`,
    [table, columns],
  );
  return rows.map((row) => row.name);
}

async function loadRows(client: pg.Client, folder: string, manifest: BackupManifest): Promise<void> {
  await client.query('set local session_replication_role = replica');
  const current = await tablesOf(
    client,
    manifest.schemas.map((schema) => schema.name),
  );
  for (const table of manifest.tables) {
    const found = current.find((candidate) => candidate.schema === table.schema && candidate.table === table.table);
    // Compared as sets: COPY names its columns, and a long-lived database may hold them in another order.
    // A shared table in public is created at this release's shape before the load (the schemas are
    // migrated to the backup's): a column a later release added there, nullable or with a default,
    // is left to it (a session from before teams has no member: the kit reads it as the owner).
    const extra = found ? found.columns.filter((column) => !table.columns.includes(column)) : [];
    const missing = found ? table.columns.filter((column) => !found.columns.includes(column)) : table.columns;
    const differ =
      !found ||
      missing.length > 0 ||
      (extra.length > 0 && (table.schema !== 'public' || (await requiredColumns(client, table.table, extra)).length > 0));
    if (differ) {
      throw new Error(
        `${table.schema}.${table.table} has columns (${found?.columns.join(', ') ?? 'none'}) other than the backup's (${table.columns.join(', ')}): restore with the release that wrote it (${manifest.release.version})`,
      );
    }
  }
  const names = current.map((table) => qualified(table.schema, table.table));
  if (names.length > 0) await client.query(`truncate ${names.join(', ')}`);
  for (const table of manifest.tables) {
    const target = client.query(
      copyFrom(`copy ${qualified(table.schema, table.table)} (${table.columns.map(quoted).join(', ')}) from stdin`),
    );
    await pipeline(createReadStream(path.join(folder, table.file)), createGunzip(), target);
    if (target.rowCount !== table.rows) {
      throw new Error(`${table.schema}.${table.table}: ${target.rowCount} rows loaded, the backup says ${table.rows}`);
    }
  }
  for (const sequence of manifest.sequences) {
    const name = qualified(sequence.schema, sequence.name);
    if (sequence.value === null) await client.query('select setval($1::regclass, 1, false)', [name]);
    else await client.query('select setval($1::regclass, $2::bigint, true)', [name, sequence.value]);
  }
}

/**
 * Rows whose foreign key points nowhere, per constraint: none after a restore of a consistent
 * backup (the load ran with the checks deferred, so this says so instead of assuming it).
 */
export async function orphanedRows(adminUrl: string, schemas: readonly string[]): Promise<{ constraint: string; rows: number }[]> {
  return withClient(adminUrl, async (client) => {
    const { rows: keys } = await client.query<{
      name: string;
      child: string;
      parent: string;
      childColumns: string[];
      parentColumns: string[];
    }>(
      `select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
              array(select attname::text from unnest(c.conkey) with ordinality k(num, i) join pg_attribute on attrelid = c.conrelid and attnum = k.num order by i) as "childColumns",
              array(select attname::text from unnest(c.confkey) with ordinality k(num, i) join pg_attribute on attrelid = c.confrelid and attnum = k.num order by i) as "parentColumns"
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = any($1)`,
      [schemas],
    );
    const found: { constraint: string; rows: number }[] = [];
    for (const key of keys) {
      const notNull = key.childColumns.map((column) => `c.${quoted(column)} is not null`).join(' and ');
      const join = key.childColumns.map((column, index) => `p.${quoted(key.parentColumns[index]!)} = c.${quoted(column)}`).join(' and ');
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from ${key.child} c where ${notNull} and not exists (select 1 from ${key.parent} p where ${join})`,
      );
      if (rows[0]!.n > 0) found.push({ constraint: `${key.child}.${key.name}`, rows: rows[0]!.n });
    }
    return found;
  });
}
