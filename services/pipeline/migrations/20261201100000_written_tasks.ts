import type { Knex } from 'knex';

/**
 * Tasks as brokers keep them (#35 item 5): a task the broker writes ("ligar para a Camila sobre a
 * vistoria, quinta 14h"), due on a day or at an hour, about a contact, one of their cards or one of
 * their policies (finance's: an id only). Done ones stay (done_at) for the record.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tasks', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.string('title', 200).notNullable();
    table.timestamp('due_at', { useTz: true }).notNullable();
    table.boolean('timed').notNullable();
    table.integer('contact_id').references('id').inTable('contacts').onDelete('CASCADE');
    table.integer('card_id').references('id').inTable('pipeline_cards').onDelete('SET NULL');
    table.integer('policy_id');
    table.timestamp('done_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index tasks_open_by_due on tasks (user_id, due_at) where done_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('tasks');
}
