import type { Knex } from 'knex';

/**
 * The client's data rights (LGPD, #40):
 * - privacy_requests: a data subject's request (whom by CPF, CNPJ or e-mail, its type, channel,
 *   state, answer, due date 15 days out, the erasure's outcome). Once the subject is erased, the
 *   request keeps only a masked value and a hash of the subject (proof of the answer, no data).
 * - privacy_pending: a request filed on the public page, waiting for its e-mail confirmation (a
 *   hashed token, 48 h); it counts only once confirmed.
 * - privacy_settings: the brokerage's public page (its address), the encarregado (DPO) and the
 *   record of processing (art. 37).
 * - contacts.blocked_at / retain_until: a subject erased while a policy still must be kept — the
 *   contact cannot be messaged, edited or exported until a sweep anonymises it after retain_until.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('privacy_requests', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.uuid('handled_by');
    table.string('subject_kind', 5).notNullable();
    table.string('subject_value', 100);
    table.string('subject_masked', 100).notNullable();
    table.string('subject_hash', 64).notNullable();
    table.string('subject_name', 100);
    table.string('type', 12).notNullable();
    table.string('channel', 10).notNullable();
    table.string('note', 2000);
    table.string('state', 12).notNullable().defaultTo('open');
    table.string('answer', 5000);
    table.date('due_on').notNullable();
    table.integer('task_id');
    table.jsonb('erasure');
    table.timestamp('exported_at', { useTz: true });
    table.timestamp('answered_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['user_id', 'created_at']);
  });
  await knex.raw(
    "alter table privacy_requests add constraint privacy_requests_state_check check (state in ('open', 'in_progress', 'answered', 'refused'))",
  );
  await knex.schema.createTable('privacy_pending', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.string('token_hash', 64).notNullable().unique();
    table.jsonb('payload').notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('privacy_settings', (table) => {
    table.uuid('user_id').primary();
    table.string('slug', 60).notNullable().unique();
    table.string('dpo_name', 100);
    table.string('dpo_email', 100);
    table.string('dpo_phone', 20);
    table.jsonb('processing');
    table.timestamp('processing_updated_at', { useTz: true });
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.alterTable('contacts', (table) => {
    table.timestamp('blocked_at', { useTz: true });
    table.date('retain_until');
  });
  await knex.raw('create index contacts_retention_idx on contacts (retain_until) where retain_until is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (table) => {
    table.dropColumn('blocked_at');
    table.dropColumn('retain_until');
  });
  await knex.schema.dropTable('privacy_settings');
  await knex.schema.dropTable('privacy_pending');
  await knex.schema.dropTable('privacy_requests');
}
