import type { Knex } from 'knex';

/**
 * Conversas for assistants (#62): every conversation of the brokerage by default, or — when the
 * brokerage says so in Configurações › WhatsApp — only those passed to them, as a producer's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapp_settings', (table) => {
    table.boolean('assistants_own_only').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapp_settings', (table) => {
    table.dropColumn('assistants_own_only');
  });
}
