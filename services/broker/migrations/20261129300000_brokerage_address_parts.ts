import type { Knex } from 'knex';

/**
 * The brokerage's address as brokers write it (#34 item 5): the number and the district beside the
 * street (`address`), complement, city, UF and CEP. Optional: a profile saved before keeps its street
 * line as it was typed (often with the number in it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('broker_profiles', (table) => {
    table.string('number', 20);
    table.string('district', 100);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('broker_profiles', (table) => {
    table.dropColumn('number');
    table.dropColumn('district');
  });
}
