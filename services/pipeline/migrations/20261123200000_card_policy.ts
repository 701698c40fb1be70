import type { Knex } from 'knex';

/** The policy the finance service issued for a card (its id there: no foreign key across services). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pipeline_cards', (table) => {
    table.integer('policy_id');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pipeline_cards', (table) => {
    table.dropColumn('policy_id');
  });
}
