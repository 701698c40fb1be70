import type { Knex } from 'knex';

/**
 * Imports hold what they expand to, and not for ever (#33 item 1):
 * - imports.cell_chars: the characters its rows' cells hold (the brokerage's stored rows are bounded
 *   by their sum); filled for imports written by an earlier release from their rows.
 * - imports.rows_purged_at: when its rows were deleted (30 days after it ran, when it can no longer
 *   be undone; a day after it was left in mapping or preview). The import's summary stays.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('imports', (table) => {
    table.bigInteger('cell_chars').notNullable().defaultTo(0);
    table.timestamp('rows_purged_at', { useTz: true });
  });
  await knex.raw(
    `update imports i set cell_chars = coalesce((select sum(length(r.cells::text)) from import_rows r where r.import_id = i.id), 0)`,
  );
  // The purge's sweep looks for imports still holding rows.
  await knex.raw('create index imports_rows_held on imports (status, coalesce(finished_at, created_at)) where rows_purged_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists imports_rows_held');
  await knex.schema.alterTable('imports', (table) => {
    table.dropColumn('cell_chars');
    table.dropColumn('rows_purged_at');
  });
}
