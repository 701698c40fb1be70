import type { Knex } from 'knex';

/** One-time jobs that need another service (so no migration can do them), each marked when done. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('backfills', (table) => {
    table.string('name', 60).primary();
    table.timestamp('done_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('backfills');
}
