import type { Knex } from 'knex';

/**
 * The brokerage's CNSP 382 items I–III (holdings of 10 % or more either way, exclusivity or the
 * insurers it works with), one row per brokerage, as JSON: read and written whole.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('broker_disclosures', (table) => {
    table.uuid('user_id').primary();
    table.jsonb('items').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('broker_disclosures');
}
