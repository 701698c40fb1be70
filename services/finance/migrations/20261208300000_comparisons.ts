import type { Knex } from 'knex';

/**
 * The client's comparisons: the quotes chosen to send, as they were when sent (`quotes`: what the
 * client's page and PDF show, never the commission), opened by `token` without a session for 30 days
 * (`expires_at`) until revoked; the PDF kept among the client's documents, its SHA-256 on the timeline.
 * `responsible_id` is the deal's member (the team's scope).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('comparisons', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.uuid('responsible_id').notNullable();
    table.integer('card_id').notNullable();
    table.integer('contact_id').notNullable();
    table.string('token', 64).notNullable().unique();
    table.jsonb('content').notNullable();
    table.integer('quote_count').notNullable();
    table.integer('document_id').references('id').inTable('documents').onDelete('SET NULL');
    table.specificType('sha256', 'char(64)').notNullable();
    table.string('channel', 12).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('revoked_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['user_id', 'card_id']);
  });
  await knex.raw(`alter table comparisons add constraint comparisons_channel_check check (channel in ('email', 'whatsapp', 'download'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('comparisons');
}
