import { ACTIVITY_TYPES } from '@corretora/contracts';
import type { Knex } from 'knex';

/**
 * Bringing a book in (#23):
 * - contacts hold a CNPJ beside the CPF, an address, and may have no phone (an imported client known
 *   by e-mail or document only); `phone_e164` is the phone's E.164 form, derived by Postgres from the
 *   national digits, so matching by phone reads one indexed column. The dedupe keys are indexed.
 * - imports: one file each, its rows as read (cells in header order) with their outcome, and what
 *   the commit did to each row (the contact, its previous values) so that undo can put it back.
 * - import_mappings: field -> header remembered per kind and header set.
 * - A contact with an issued policy is a client (pessoa física, or jurídica by its CNPJ): issuing
 *   left them as prospects until now.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (table) => {
    table.string('cnpj', 14);
    table.string('cep', 8);
    table.string('address', 200);
    table.string('city', 100);
    table.string('state', 2);
    table.integer('import_id');
  });
  await knex.raw('alter table contacts alter column phone drop not null');
  await knex.raw(
    `alter table contacts add column phone_e164 varchar(16) generated always as
       (case when phone ~ '^[1-9][0-9]{9,10}$' then '+55' || phone end) stored`,
  );
  await knex.raw('create index contacts_cpf_idx on contacts (user_id, cpf) where cpf is not null');
  await knex.raw('create index contacts_cnpj_idx on contacts (user_id, cnpj) where cnpj is not null');
  await knex.raw('create index contacts_email_idx on contacts (user_id, lower(email)) where email is not null');
  await knex.raw('create index contacts_phone_e164_idx on contacts (user_id, phone_e164) where phone_e164 is not null');
  await knex.raw('create index contacts_import_idx on contacts (import_id) where import_id is not null');

  await knex.schema.createTable('imports', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.string('created_by', 100);
    table.string('kind', 20).notNullable();
    table.string('status', 20).notNullable();
    table.string('file_name', 255).notNullable();
    table.string('encoding', 20).notNullable();
    table.string('delimiter', 2);
    table.string('sheet', 100);
    table.jsonb('sheets').notNullable().defaultTo('[]');
    table.jsonb('headers').notNullable();
    table.string('header_key', 64).notNullable();
    table.jsonb('mapping').notNullable().defaultTo('{}');
    // A policies import: insurer names of the file mapped to the broker's insurers (name -> id).
    table.jsonb('insurer_map').notNullable().defaultTo('{}');
    table.string('mode', 10).notNullable().defaultTo('upsert');
    table.integer('total_rows').notNullable();
    table.jsonb('counts');
    table.jsonb('applied');
    table.integer('processed').notNullable().defaultTo(0);
    table.jsonb('unknown_insurers').notNullable().defaultTo('[]');
    table.jsonb('undo_kept').notNullable().defaultTo('[]');
    table.text('error');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('started_at', { useTz: true });
    table.timestamp('heartbeat_at', { useTz: true });
    table.timestamp('finished_at', { useTz: true });
    table.timestamp('undone_at', { useTz: true });
    table.index(['user_id', 'created_at']);
  });
  await knex.raw("alter table imports add constraint imports_kind_check check (kind in ('contacts', 'policies'))");
  await knex.raw(
    "alter table imports add constraint imports_status_check check (status in ('mapping', 'preview', 'running', 'done', 'failed', 'undone'))",
  );
  await knex.raw("alter table imports add constraint imports_mode_check check (mode in ('create', 'upsert', 'update'))");

  await knex.schema.createTable('import_rows', (table) => {
    table.integer('import_id').notNullable().references('id').inTable('imports').onDelete('CASCADE');
    table.integer('line').notNullable();
    table.uuid('user_id').notNullable();
    table.jsonb('cells').notNullable();
    table.string('outcome', 10);
    table.jsonb('errors');
    table.text('reason');
    // The contact (or policy) the row matched, created or merged into.
    table.integer('target_id');
    // What the row stores, read and normalised (the preview's work, reused by the commit).
    table.jsonb('record');
    // After the commit: what the row did, and the values it replaced.
    table.string('applied', 10);
    table.jsonb('previous');
    table.timestamp('applied_at', { useTz: true });
    table.primary(['import_id', 'line']);
  });
  await knex.raw('create index import_rows_outcome_idx on import_rows (import_id, outcome, line)');

  await knex.schema.createTable('import_mappings', (table) => {
    table.uuid('user_id').notNullable();
    table.string('kind', 20).notNullable();
    table.string('header_key', 64).notNullable();
    table.jsonb('mapping').notNullable();
    table.jsonb('insurer_map').notNullable().defaultTo('{}');
    table.string('mode', 10).notNullable().defaultTo('upsert');
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['user_id', 'kind', 'header_key']);
  });

  // New events: an import done or undone, contacts merged.
  const types = ACTIVITY_TYPES.map((type) => `'${type.replace(/[^a-z_]/g, '')}'`).join(', ');
  await knex.raw('alter table activity_events drop constraint activity_events_type_check');
  await knex.raw(`alter table activity_events add constraint activity_events_type_check check (type in (${types}))`);

  await knex.raw(
    `update contacts c set type = case when c.cnpj is not null then 'business' else 'individual' end, updated_at = now()
      where c.type = 'prospect' and exists (select 1 from pipeline_cards k where k.contact_id = c.id and k.status = 'issued')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('import_mappings').dropTable('import_rows').dropTable('imports');
  await knex.raw(
    'drop index if exists contacts_cpf_idx, contacts_cnpj_idx, contacts_email_idx, contacts_phone_e164_idx, contacts_import_idx',
  );
  await knex.schema.alterTable('contacts', (table) => {
    for (const column of ['phone_e164', 'cnpj', 'cep', 'address', 'city', 'state', 'import_id']) table.dropColumn(column);
  });
}
