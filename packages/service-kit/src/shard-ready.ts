import type { Knex } from 'knex';

/**
 * Ready to shard by brokerage (#63 item 5). A distributed PostgreSQL (Citus, or one database per
 * group of brokerages) keeps a brokerage's rows together when every table holding them is keyed by the
 * brokerage id (`user_id`): its primary key, its unique constraints and indexes, and its foreign keys to
 * other such tables all include it. A table that cannot be, says why in the schema itself, as a table
 * comment a migration writes (no list here to edit when a service adds one):
 * - `shard: reference — <why>`: small and read before the brokerage is known (a session by its id, a
 *   webhook by its phone number); replicated to every node (Citus' reference tables);
 * - `shard: local — <why>`: the service's own bookkeeping, holding no brokerage's rows (stays on the
 *   coordinator).
 * The migrations' own table and the job layer's schemas (`<service>_jobs`, pg-boss) are local by rule.
 * The check is `shardReadinessProblems`; docs/operations.md says how a deployment moves.
 */
export const SHARD_REFERENCE = 'shard: reference';
export const SHARD_LOCAL = 'shard: local';
const BROKERAGE_COLUMN = 'user_id';

interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  parent: string;
  parentColumns: string[];
  onDelete: string;
  onUpdate: string;
}

const ACTIONS: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

/** Says in the schema that a table is not distributed, and why (a comment takes no bind parameter: quoted here). */
export async function markNotDistributed(
  knex: Knex | Knex.Transaction,
  table: string,
  kind: typeof SHARD_REFERENCE | typeof SHARD_LOCAL,
  why: string,
): Promise<void> {
  await knex.raw(`comment on table ${table} is '${`${kind} — ${why}`.replace(/'/g, "''")}'`);
}

async function foreignKeys(knex: Knex, schemas: readonly string[]): Promise<ForeignKey[]> {
  const { rows } = await knex.raw<{ rows: (Omit<ForeignKey, 'onDelete' | 'onUpdate'> & { onDelete: string; onUpdate: string })[] }>(
    `select c.conname as name, c.conrelid::regclass::text as "table", c.confrelid::regclass::text as parent,
            array(select a.attname::text from unnest(c.conkey) with ordinality k(num, i)
                    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.num order by k.i) as columns,
            array(select a.attname::text from unnest(c.confkey) with ordinality k(num, i)
                    join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.num order by k.i) as "parentColumns",
            c.confdeltype as "onDelete", c.confupdtype as "onUpdate"
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = any(?)`,
    [[...schemas]],
  );
  return rows.map((row) => ({ ...row, onDelete: ACTIONS[row.onDelete]!, onUpdate: ACTIONS[row.onUpdate]! }));
}

interface TableFacts {
  name: string;
  keyed: boolean;
  note: string | null;
  primaryKey: { name: string; columns: string[] } | null;
  uniques: { name: string; columns: string[]; definition: string; constraint: boolean }[];
}

async function tablesOf(knex: Knex, schemas: readonly string[]): Promise<TableFacts[]> {
  const { rows } = await knex.raw<{ rows: TableFacts[] }>(
    `select t.oid::regclass::text as name,
            exists (select 1 from pg_attribute a where a.attrelid = t.oid and a.attname = ? and not a.attisdropped) as keyed,
            obj_description(t.oid, 'pg_class') as note,
            (select json_build_object('name', c.conname, 'columns',
                      array(select a.attname from unnest(c.conkey) k(num) join pg_attribute a on a.attrelid = t.oid and a.attnum = k.num))
               from pg_constraint c where c.conrelid = t.oid and c.contype = 'p') as "primaryKey",
            coalesce((select json_agg(json_build_object('name', i.relname, 'definition', pg_get_indexdef(x.indexrelid),
                      'constraint', exists (select 1 from pg_constraint c where c.conindid = x.indexrelid and c.contype = 'u'),
                      'columns', array(select coalesce(a.attname, '(expression)') from unnest(x.indkey) k(num)
                                         left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.num)))
                        from pg_index x join pg_class i on i.oid = x.indexrelid
                       where x.indrelid = t.oid and x.indisunique and not x.indisprimary), '[]') as uniques
       from pg_class t join pg_namespace n on n.oid = t.relnamespace
      where t.relkind in ('r', 'p') and n.nspname = any(?)
      order by 1`,
    [BROKERAGE_COLUMN, [...schemas]],
  );
  return rows;
}

const isLocalByRule = (table: string) => /(^|\.)knex_migrations(_lock)?$/.test(table) || /^[a-z_]+_jobs\./.test(table);

/**
 * What keeps these schemas from being distributed by brokerage, one sentence per problem (none: ready).
 * Run by the test over every service's migrated schema.
 */
export async function shardReadinessProblems(knex: Knex, schemas: readonly string[]): Promise<string[]> {
  const tables = await tablesOf(knex, schemas);
  const byName = new Map(tables.map((table) => [table.name, table]));
  const declared = (table: TableFacts) => table.note?.startsWith(SHARD_REFERENCE) || table.note?.startsWith(SHARD_LOCAL);
  const distributed = (table: TableFacts | undefined) => table !== undefined && table.keyed && !declared(table);
  const problems: string[] = [];
  for (const table of tables) {
    if (isLocalByRule(table.name) || declared(table)) continue;
    if (!table.keyed) {
      problems.push(`${table.name} has no ${BROKERAGE_COLUMN}: give it the brokerage id, or say why not ('${SHARD_LOCAL} — …')`);
      continue;
    }
    if (!table.primaryKey) problems.push(`${table.name} has no primary key`);
    else if (!table.primaryKey.columns.includes(BROKERAGE_COLUMN))
      problems.push(`${table.name}'s primary key (${table.primaryKey.columns.join(', ')}) lacks ${BROKERAGE_COLUMN}`);
    for (const unique of table.uniques)
      if (!unique.columns.includes(BROKERAGE_COLUMN))
        problems.push(`${table.name}'s unique ${unique.name} (${unique.columns.join(', ')}) lacks ${BROKERAGE_COLUMN}`);
  }
  for (const key of await foreignKeys(knex, schemas)) {
    const [child, parent] = [byName.get(key.table), byName.get(key.parent)];
    if (!distributed(child) || !distributed(parent)) continue;
    const at = key.columns.indexOf(BROKERAGE_COLUMN);
    if (at < 0 || key.parentColumns[at] !== BROKERAGE_COLUMN)
      problems.push(
        `${key.table}'s foreign key ${key.name} to ${key.parent} (${key.columns.join(', ')}) lacks ${BROKERAGE_COLUMN} on both sides`,
      );
  }
  return problems;
}

const quoted = (columns: readonly string[]) => columns.map((column) => `"${column}"`).join(', ');

/**
 * The migration step that keys a schema's brokerage tables by the brokerage: every primary key and
 * unique constraint without `user_id` gets it first, and every foreign key between two such tables
 * becomes `(user_id, x_id) → (user_id, id)` with its actions (ON DELETE SET NULL clears only x_id).
 * The rows do not move: only constraints and their indexes are rebuilt. Its behaviour belongs to the
 * migrations that ran it: change it and a new migration must say so.
 */
export async function keyByBrokerage(knex: Knex | Knex.Transaction, schema: string): Promise<void> {
  const tables = (await tablesOf(knex, [schema])).filter(
    (table) =>
      table.keyed && !isLocalByRule(table.name) && !table.note?.startsWith(SHARD_REFERENCE) && !table.note?.startsWith(SHARD_LOCAL),
  );
  const keyed = new Set(tables.map((table) => table.name));
  const rebuilt = (await foreignKeys(knex, [schema])).filter(
    (key) => keyed.has(key.table) && keyed.has(key.parent) && !key.columns.includes(BROKERAGE_COLUMN),
  );
  for (const key of rebuilt) await knex.raw(`alter table ${key.table} drop constraint "${key.name}"`);
  for (const table of tables) {
    // Each key keeps a plain index on its old columns: a read by id or token alone (a job, a link) stays an index read.
    if (table.primaryKey && !table.primaryKey.columns.includes(BROKERAGE_COLUMN)) {
      const { name, columns } = table.primaryKey;
      await knex.raw(`create index "${name}_lookup" on ${table.name} (${quoted(columns)})`);
      await knex.raw(
        `alter table ${table.name} drop constraint "${name}", add constraint "${name}" primary key (${quoted([BROKERAGE_COLUMN, ...columns])})`,
      );
    }
    for (const unique of table.uniques.filter((candidate) => !candidate.columns.includes(BROKERAGE_COLUMN))) {
      // The index's own definition with the brokerage first: NULLS NOT DISTINCT, a WHERE, expressions kept.
      const definition = unique.definition.replace(/ USING (\w+) \(/, ` USING $1 (${BROKERAGE_COLUMN}, `);
      await knex.raw(
        unique.definition.replace(/^CREATE UNIQUE INDEX (\S+)/, (_, name: string) => `CREATE INDEX "${name.replace(/"/g, '')}_lookup"`),
      );
      if (unique.constraint) {
        await knex.raw(`alter table ${table.name} drop constraint "${unique.name}"`);
        await knex.raw(definition);
        await knex.raw(`alter table ${table.name} add constraint "${unique.name}" unique using index "${unique.name}"`);
      } else {
        await knex.raw(`drop index ${schema}."${unique.name}"`);
        await knex.raw(definition);
      }
    }
  }
  for (const key of rebuilt) {
    const onDelete =
      key.onDelete === 'set null' || key.onDelete === 'set default' ? `${key.onDelete} (${quoted(key.columns)})` : key.onDelete;
    await knex.raw(
      `alter table ${key.table} add constraint "${key.name}" foreign key (${quoted([BROKERAGE_COLUMN, ...key.columns])})
         references ${key.parent} (${quoted([BROKERAGE_COLUMN, ...key.parentColumns])}) on delete ${onDelete} on update ${key.onUpdate}`,
    );
  }
}
