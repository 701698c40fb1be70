import type { Knex } from 'knex';

/**
 * Contacts, their pipeline cards and notes: one broker's rows each (user_id from identity). Product,
 * lead source, insurer and stage ids belong to the catalogues service and are checked there when
 * written, so they carry no foreign key here; the card keeps its stage key too, so the board never
 * needs the catalogues to place a card.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("create collation if not exists pt_br_natural (provider = icu, locale = 'pt-BR-u-kn-true')");
  await knex.schema.createTable('contacts', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.string('name', 100).notNullable();
    table.string('email', 100);
    table.string('phone', 20).notNullable();
    table.string('cpf', 14);
    table.string('type', 20).notNullable();
    table.integer('product_id');
    table.integer('lead_source_id');
    // cents; the edit form caps it at 100,000,000
    table.bigInteger('annual_premium');
    table.timestamp('last_contact', { useTz: true });
    table.timestamps(true, true);
    table.index(['user_id', 'type']);
  });
  await knex.raw("alter table contacts add constraint contacts_type_check check (type in ('individual', 'business', 'prospect'))");
  await knex.raw('alter table contacts add constraint contacts_annual_premium_check check (annual_premium between 0 and 100000000)');

  await knex.schema.createTable('pipeline_cards', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.integer('contact_id').notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    table.integer('stage_id').notNullable();
    table.string('stage_key', 20).notNullable();
    table.string('status', 20).notNullable().defaultTo('active');
    table.timestamp('stage_entered_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('archived_at', { useTz: true });
    table.text('archived_reason');
    table.integer('insurer_id');
    table.date('start_date');
    table.date('end_date');
    table.decimal('premio_liquido', 10, 2);
    table.decimal('iof', 10, 2);
    table.decimal('juros', 10, 2);
    table.decimal('total_premium', 10, 2);
    table.decimal('commission_percentage', 5, 2);
    table.decimal('commission_amount', 10, 2);
    table.string('document_type', 20);
    table.timestamps(true, true);
    table.index(['user_id', 'status']);
    table.index(['contact_id']);
  });
  await knex.raw(
    "alter table pipeline_cards add constraint pipeline_cards_status_check check (status in ('active', 'archived', 'issued'))",
  );
  await knex.raw(
    "alter table pipeline_cards add constraint pipeline_cards_stage_check check (stage_key in ('leads', 'qualified', 'proposal', 'closed'))",
  );

  await knex.schema.createTable('notes', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.integer('contact_id').notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    table.text('content').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['contact_id', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const name of ['notes', 'pipeline_cards', 'contacts']) await knex.schema.dropTable(name);
}
