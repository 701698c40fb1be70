import type { Knex } from 'knex';

/**
 * Policies brought in by an import (#23): the import that created each, the net premium beside the
 * total (commission is paid on it), and when a policy last changed, so that undo leaves alone what
 * the broker changed after the import.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('policies', (table) => {
    table.decimal('net_premium', 12, 2);
    table.integer('import_id');
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('alter table policies add constraint policies_net_premium_check check (net_premium >= 0)');
  await knex.raw('create index policies_import_idx on policies (import_id) where import_id is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('policies', (table) => {
    table.dropColumn('net_premium');
    table.dropColumn('import_id');
    table.dropColumn('updated_at');
  });
}
