import type { Knex } from 'knex';

/** The brokerage's logo (#60 item 3): the object's key in the store, beside the founder's photo. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('broker_profiles', (table) => {
    table.string('logo_key', 200).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('broker_profiles', (table) => {
    table.dropColumn('logo_key');
  });
}
