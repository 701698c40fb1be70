import type { Knex } from 'knex';

/** The daily digest can be turned off per broker (#25): a row only once the broker chose; none means on. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('digest_preferences', (table) => {
    table.uuid('user_id').primary();
    table.boolean('enabled').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('digest_preferences');
}
