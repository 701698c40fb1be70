import type { Knex } from 'knex';

/**
 * quote_settings: a brokerage's quoting rules (Configurações › Cotações), one row once a manager saves
 * them. `disclosure_required`: a sale cannot enter Finalizado nor be issued without the CNSP 382
 * disclosure sent for its quote (off, the default: the board and the issue only warn).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('quote_settings', (table) => {
    table.uuid('user_id').primary();
    table.boolean('disclosure_required').notNullable().defaultTo(false);
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('quote_settings');
}
