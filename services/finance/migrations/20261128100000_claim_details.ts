import type { Knex } from 'knex';

/** Claims as brokers record them (#34 item 7): the day it happened and the insurer's own claim number. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('claims', (table) => {
    table.date('occurred_at');
    table.string('insurer_claim_number', 40);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('claims', (table) => {
    table.dropColumn('occurred_at');
    table.dropColumn('insurer_claim_number');
  });
}
