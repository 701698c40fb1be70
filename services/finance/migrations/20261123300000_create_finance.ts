import type { Knex } from 'knex';

/**
 * Policies, claims and documents: one broker's rows each (user_id from identity). Contacts and
 * cards live in the pipeline service and insurers in catalogues, so their ids carry no foreign key
 * here; a policy keeps the client's name as it was when issued.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('policies', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.integer('contact_id');
    table.string('contact_name', 100).notNullable();
    // The card it was issued from: unique per broker, so issuing twice finds the first policy.
    table.integer('card_id');
    table.string('type', 20).notNullable();
    table.string('policy_number', 40).notNullable();
    table.decimal('premium', 10, 2).notNullable();
    // Stored: active or cancelled. "expired" is read from renewal_date, so it is always true.
    table.string('status', 20).notNullable().defaultTo('active');
    table.date('start_date');
    table.date('renewal_date').notNullable();
    table.string('commission_type', 20).notNullable();
    table.decimal('commission_value', 10, 2).notNullable();
    table.integer('insurer_id');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.unique(['user_id', 'card_id']);
    table.unique(['user_id', 'policy_number']);
    table.index(['user_id', 'renewal_date']);
  });
  await knex.raw("alter table policies add constraint policies_type_check check (type in ('auto', 'home', 'life', 'business'))");
  await knex.raw("alter table policies add constraint policies_status_check check (status in ('active', 'cancelled'))");
  await knex.raw("alter table policies add constraint policies_commission_type_check check (commission_type in ('percentage', 'fixed'))");
  await knex.raw('alter table policies add constraint policies_money_check check (premium >= 0 and commission_value >= 0)');

  await knex.schema.createTable('claims', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.integer('contact_id').notNullable();
    table.string('contact_name', 100).notNullable();
    table.integer('policy_id').references('id').inTable('policies').onDelete('SET NULL');
    table.string('claim_id', 20).notNullable().unique();
    table.string('type', 30).notNullable();
    table.string('status', 20).notNullable().defaultTo('open');
    table.decimal('amount', 10, 2).notNullable();
    table.text('description');
    table.timestamp('date_filed', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['user_id', 'status']);
  });
  await knex.raw(
    "alter table claims add constraint claims_status_check check (status in ('open', 'in_review', 'approved', 'denied', 'closed'))",
  );
  await knex.raw('alter table claims add constraint claims_amount_check check (amount >= 0)');

  await knex.schema.createTable('documents', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.integer('contact_id');
    table.integer('claim_id').references('id').inTable('claims').onDelete('SET NULL');
    table.integer('policy_id').references('id').inTable('policies').onDelete('SET NULL');
    // A policy PDF attached to a finalized card before its policy exists; linked when it is issued.
    table.integer('card_id');
    // The object key in the S3 store.
    table.string('file_name', 200).notNullable().unique();
    table.string('original_name', 255).notNullable();
    table.bigInteger('file_size').notNullable();
    table.string('mime_type', 100).notNullable();
    table.string('category', 20).notNullable();
    table.string('description', 500);
    table.timestamp('uploaded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['user_id', 'category']);
  });
  await knex.raw(
    "alter table documents add constraint documents_category_check check (category in ('policies', 'claims', 'contracts', 'forms'))",
  );

  // Bytes each broker stores: the quota is checked and moved in one conditional UPDATE.
  await knex.schema.createTable('storage_usage', (table) => {
    table.uuid('user_id').primary();
    table.bigInteger('used_bytes').notNullable().defaultTo(0);
  });
  await knex.raw('alter table storage_usage add constraint storage_usage_non_negative check (used_bytes >= 0)');
  await knex.raw('create sequence claim_number_seq');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop sequence if exists claim_number_seq');
  await knex.schema.dropTable('storage_usage').dropTable('documents').dropTable('claims').dropTable('policies');
}
