import type { Knex } from 'knex';

/** The quote a deal was closed with ("Fechar com esta cotação": finance's quote id), carried into its policy. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table pipeline_cards add column quote_id integer');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table pipeline_cards drop column if exists quote_id');
}
