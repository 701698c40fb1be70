import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('broker_profiles', (table) => {
    // One profile per user; the user lives in identity, so this is a plain id, not a foreign key.
    table.uuid('user_id').primary();
    table.string('name', 100).notNullable();
    table.string('email', 100).notNullable();
    table.string('phone', 14).notNullable();
    table.string('cpf', 11).notNullable();
    table.string('company_name', 100).notNullable();
    table.string('trading_name', 100).notNullable();
    table.string('cnpj', 14).notNullable();
    table.string('business_type', 30);
    table.string('address', 150).notNullable();
    table.string('city', 50).notNullable();
    table.string('state', 2).notNullable();
    table.string('zip_code', 8).notNullable();
    table.string('complement', 100);
    table.string('susep_number', 9).notNullable();
    table.date('susep_expiry').notNullable();
    table.string('susep_category', 30).notNullable();
    table.string('website', 200);
    table.specificType('insurance_types', 'text[]').notNullable().defaultTo('{}');
    table.string('experience', 10).notNullable();
    table.integer('monthly_policies');
    table.boolean('is_onboarding_complete').notNullable().defaultTo(false);
    table.text('photo_key');
    table.timestamps(true, true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('broker_profiles');
}
