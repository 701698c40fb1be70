import type { Knex } from 'knex';

/**
 * Keeping the clients (#25):
 * - contact_timeline: what happened with a contact (an interaction logged, a WhatsApp message sent,
 *   a consent given or withdrawn), written once and never changed by the API; a merge moves the
 *   other contact's entries to the one kept, deleting the contact deletes them.
 * - contacts.consent_servico / consent_marketing: what the contact agrees to receive now (the
 *   timeline keeps when and by whom it changed).
 * - message_templates: the brokerage's WhatsApp templates (the defaults are written on first use).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_timeline', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.integer('contact_id').notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    table.string('kind', 12).notNullable();
    table.string('type', 12);
    table.string('note', 2000);
    table.string('template_name', 60);
    table.string('purpose', 12);
    table.boolean('granted');
    table.string('text', 2000);
    table.string('created_by', 100);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['user_id', 'contact_id', 'created_at']);
  });
  await knex.raw(
    `alter table contact_timeline add constraint contact_timeline_kind_check check (
       (kind = 'interaction' and type in ('ligacao', 'whatsapp', 'email', 'reuniao')) or
       (kind = 'whatsapp' and template_name is not null and text is not null and purpose in ('servico', 'marketing')) or
       (kind = 'consent' and purpose in ('servico', 'marketing') and granted is not null))`,
  );
  await knex.schema.alterTable('contacts', (table) => {
    table.boolean('consent_servico').notNullable().defaultTo(false);
    table.boolean('consent_marketing').notNullable().defaultTo(false);
  });
  await knex.schema.createTable('message_templates', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.string('name', 60).notNullable();
    table.string('purpose', 12).notNullable();
    table.string('body', 1000).notNullable();
    table.integer('position').notNullable();
    table.index(['user_id', 'position']);
  });
  await knex.raw(
    `alter table message_templates add constraint message_templates_purpose_check check (purpose in ('servico', 'marketing'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('message_templates');
  await knex.schema.alterTable('contacts', (table) => {
    table.dropColumn('consent_servico');
    table.dropColumn('consent_marketing');
  });
  await knex.schema.dropTable('contact_timeline');
}
