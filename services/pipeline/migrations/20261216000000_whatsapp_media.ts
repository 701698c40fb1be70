import type { Knex } from 'knex';

/**
 * A client's image, document or audio on WhatsApp (#62): Meta's media id and what it said of the file
 * (type, name, SHA-256) as the webhook brings them, then — once a job fetched it from Meta into the
 * S3 store — its key there and its size. An erasure removes the object with the message.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapp_messages', (table) => {
    table.string('media_id', 200);
    table.string('media_mime', 100);
    table.string('media_name', 240);
    table.string('media_sha256', 64);
    table.integer('media_size');
    table.string('media_key', 300);
    table.string('media_error', 300);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('whatsapp_messages', (table) => {
    for (const column of ['media_id', 'media_mime', 'media_name', 'media_sha256', 'media_size', 'media_key', 'media_error'])
      table.dropColumn(column);
  });
}
