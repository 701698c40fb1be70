import type { Knex } from 'knex';

/**
 * The CNSP 382 disclosures sent for a quote (Resolução CNSP 382/2020, art. 4º, §1º): when, how
 * (e-mail, WhatsApp, downloaded), the PDF kept among the client's documents, its SHA-256, and the
 * figures it named (the commercial premium and the brokerage's remuneration in reais). A row is
 * never changed: each send is one more. `responsible_id` is the deal's member (the team's scope).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('quote_disclosures', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.uuid('responsible_id').notNullable();
    table.integer('quote_id').notNullable().references('id').inTable('quotes').onDelete('CASCADE');
    table.integer('contact_id').notNullable();
    table.integer('document_id').references('id').inTable('documents').onDelete('SET NULL');
    table.string('channel', 12).notNullable();
    table.specificType('sha256', 'char(64)').notNullable();
    table.decimal('commercial_premium', 13, 2).notNullable();
    table.decimal('remuneration', 13, 2).notNullable();
    table.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['user_id', 'quote_id']);
  });
  await knex.raw(
    `alter table quote_disclosures add constraint quote_disclosures_channel_check check (channel in ('email', 'whatsapp', 'download'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('quote_disclosures');
}
