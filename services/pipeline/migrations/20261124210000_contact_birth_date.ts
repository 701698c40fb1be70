import type { Knex } from 'knex';

/** Data de nascimento of a contact (optional). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (table) => table.date('birth_date').nullable());
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (table) => table.dropColumn('birth_date'));
}
