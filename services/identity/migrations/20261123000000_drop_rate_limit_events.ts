import type { Knex } from 'knex';

/** Attempts are now counted by service-kit's atomic counters (rate_limits); the event log goes. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limit_events');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limit_events', (table) => {
    table.bigIncrements('id');
    table.string('bucket', 200).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['bucket', 'created_at']);
  });
}
