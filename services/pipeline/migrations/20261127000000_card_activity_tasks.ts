import type { Knex } from 'knex';

/**
 * Keeping the clients (#25), the pipeline's part:
 * - pipeline_cards.last_activity_at: the last thing done on the card or with its contact (a move,
 *   an edit, a logged interaction, a WhatsApp sent, a next action set or done): how cold the card
 *   is against its stage's limit. Existing cards start from their last update.
 * - pipeline_cards.next_action_*: what the broker will do next, and when (Minhas tarefas).
 * - digest_days / digest_sends: the daily digest e-mail, planned once per São Paulo day (the day's
 *   row is the plan's lock) and sent once per broker (unique per day), each attempt recorded.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pipeline_cards', (table) => {
    table.timestamp('last_activity_at', { useTz: true });
    table.timestamp('next_action_at', { useTz: true });
    table.string('next_action_type', 20);
    table.string('next_action_note', 500);
  });
  await knex.raw('update pipeline_cards set last_activity_at = updated_at');
  await knex.raw('alter table pipeline_cards alter column last_activity_at set not null, alter column last_activity_at set default now()');
  await knex.raw(
    `alter table pipeline_cards add constraint pipeline_cards_next_action_check check (
       (next_action_at is null and next_action_type is null and next_action_note is null) or
       (next_action_at is not null and next_action_type in ('ligar', 'whatsapp', 'email', 'reuniao', 'enviar_cotacao')))`,
  );
  await knex.raw(
    'create index pipeline_cards_next_action_idx on pipeline_cards (user_id, next_action_at) where next_action_at is not null',
  );
  await knex.schema.createTable('digest_days', (table) => {
    table.date('day').primary();
    table.timestamp('planned_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('digest_sends', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.date('day').notNullable();
    table.string('status', 10).notNullable().defaultTo('pending');
    table.integer('attempts').notNullable().defaultTo(0);
    table.integer('overdue').notNullable();
    table.integer('today').notNullable();
    table.string('subject', 200).notNullable();
    table.text('text').notNullable();
    table.timestamp('claimed_at', { useTz: true });
    table.timestamp('next_attempt_at', { useTz: true });
    table.timestamp('sent_at', { useTz: true });
    table.string('last_error', 500);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.unique(['user_id', 'day']);
    table.index(['status', 'next_attempt_at']);
  });
  await knex.raw(
    `alter table digest_sends add constraint digest_sends_status_check check (status in ('pending', 'sending', 'sent', 'failed'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('digest_sends');
  await knex.schema.dropTable('digest_days');
  await knex.raw('drop index if exists pipeline_cards_next_action_idx');
  await knex.raw('alter table pipeline_cards drop constraint pipeline_cards_next_action_check');
  await knex.schema.alterTable('pipeline_cards', (table) => {
    table.dropColumn('last_activity_at');
    table.dropColumn('next_action_at');
    table.dropColumn('next_action_type');
    table.dropColumn('next_action_note');
  });
}
