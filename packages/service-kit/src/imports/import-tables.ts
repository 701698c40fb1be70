import type { Knex } from 'knex';
import { KIT, registerScope } from '../table-scopes';

// The engine's own tables, wherever a service creates them: an import is its member's (a producer's
// imports are theirs); its rows and remembered mappings are reached through it.
registerScope(KIT, 'imports', { kind: 'member' });
registerScope(KIT, 'import_rows', { kind: 'brokerage' });
registerScope(KIT, 'import_mappings', { kind: 'brokerage' });

/**
 * The import engine's tables in a service's own schema, as the engine reads them: a migration of a
 * service that starts running imports calls this with the kinds it owns. (The pipeline's tables
 * grew to this shape through several of its migrations.)
 * - imports: one file each; a statement names its insurer; `cell_chars` bounds what a brokerage
 *   keeps, `rows_purged_at` says its rows are gone (its summary stays); `moved_from`, the id an
 *   import had in the service that ran it before (handOverImports).
 * - import_rows: the file's rows as read, their outcome and record, and what the commit did.
 * - import_mappings: field -> header remembered per kind and header set (a statement's per insurer).
 */
export async function createImportTables(knex: Knex, kinds: readonly string[]): Promise<void> {
  await knex.schema.createTable('imports', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.string('created_by', 100);
    table.string('kind', 20).notNullable();
    table.integer('insurer_id');
    table.string('status', 20).notNullable();
    table.string('file_name', 255).notNullable();
    table.string('encoding', 20).notNullable();
    table.string('delimiter', 2);
    table.string('sheet', 100);
    table.jsonb('sheets').notNullable().defaultTo('[]');
    table.jsonb('headers').notNullable();
    table.string('header_key', 64).notNullable();
    table.jsonb('mapping').notNullable().defaultTo('{}');
    table.jsonb('insurer_map').notNullable().defaultTo('{}');
    table.string('mode', 10).notNullable().defaultTo('upsert');
    table.integer('total_rows').notNullable();
    table.bigInteger('cell_chars').notNullable().defaultTo(0);
    table.jsonb('counts');
    table.jsonb('applied');
    table.integer('processed').notNullable().defaultTo(0);
    table.jsonb('unknown_insurers').notNullable().defaultTo('[]');
    table.jsonb('undo_kept').notNullable().defaultTo('[]');
    table.text('error');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('started_at', { useTz: true });
    table.timestamp('heartbeat_at', { useTz: true });
    table.timestamp('finished_at', { useTz: true });
    table.timestamp('undone_at', { useTz: true });
    table.timestamp('rows_purged_at', { useTz: true });
    // Handed over by the service that ran it before (its id there): a repeated hand-over finds it.
    table.integer('moved_from');
    table.index(['user_id', 'created_at']);
    table.unique(['user_id', 'moved_from']);
  });
  const names = kinds.map((kind) => `'${kind.replace(/[^a-z_]/g, '')}'`).join(', ');
  await knex.raw(
    `alter table imports add constraint imports_kind_check check (kind in (${names}) and (kind = 'statement') = (insurer_id is not null))`,
  );
  await knex.raw(
    "alter table imports add constraint imports_status_check check (status in ('mapping', 'preview', 'running', 'done', 'failed', 'undone'))",
  );
  await knex.raw("alter table imports add constraint imports_mode_check check (mode in ('create', 'upsert', 'update'))");
  // The purge's sweep looks for imports still holding rows.
  await knex.raw('create index imports_rows_held on imports (status, coalesce(finished_at, created_at)) where rows_purged_at is null');

  await knex.schema.createTable('import_rows', (table) => {
    table.integer('import_id').notNullable().references('id').inTable('imports').onDelete('CASCADE');
    table.integer('line').notNullable();
    table.uuid('user_id').notNullable();
    table.jsonb('cells').notNullable();
    table.string('outcome', 10);
    table.jsonb('errors');
    table.text('reason');
    table.integer('target_id');
    table.jsonb('record');
    table.string('applied', 10);
    table.jsonb('previous');
    table.timestamp('applied_at', { useTz: true });
    table.primary(['import_id', 'line']);
  });
  await knex.raw('create index import_rows_outcome_idx on import_rows (import_id, outcome, line)');

  await knex.schema.createTable('import_mappings', (table) => {
    table.uuid('user_id').notNullable();
    table.string('kind', 20).notNullable();
    table.string('header_key', 64).notNullable();
    table.jsonb('mapping').notNullable();
    table.jsonb('insurer_map').notNullable().defaultTo('{}');
    table.string('mode', 10).notNullable().defaultTo('upsert');
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['user_id', 'kind', 'header_key']);
  });
}

export async function dropImportTables(knex: Knex): Promise<void> {
  await knex.schema.dropTable('import_mappings').dropTable('import_rows').dropTable('imports');
}
