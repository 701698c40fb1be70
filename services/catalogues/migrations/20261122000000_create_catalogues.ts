import type { Knex } from 'knex';

/** Products, insurers, lead sources and pipeline stages: one set per broker (user_id from identity). */
export async function up(knex: Knex): Promise<void> {
  const common = (table: Knex.CreateTableBuilder) => {
    table.increments('id');
    table.uuid('user_id').notNullable().index();
    table.string('name', 100).notNullable();
    table.boolean('is_active').notNullable().defaultTo(true);
    table.timestamps(true, true);
  };
  await knex.schema.createTable('products', (table) => {
    common(table);
    table.text('description');
    table.string('policy_type', 20);
  });
  await knex.schema.createTable('insurers', (table) => {
    common(table);
    table.string('contact_info', 200);
    table.string('manager', 100);
    table.string('email', 100);
    table.string('website', 200);
    // AES-256-GCM sealed box ('v1:' + base64(nonce | tag | ciphertext)); the key never touches the database.
    table.text('password_sealed');
  });
  await knex.schema.createTable('lead_sources', (table) => {
    common(table);
    table.text('description');
  });
  await knex.schema.createTable('pipeline_stages', (table) => {
    common(table);
    table.string('key', 20).notNullable();
    table.string('color', 20).notNullable();
    table.integer('order').notNullable();
    table.text('description');
    table.unique(['user_id', 'key']);
  });
  for (const name of ['products', 'insurers', 'lead_sources']) {
    await knex.raw(`create unique index ${name}_user_name_unique on ?? (user_id, lower(name))`, [name]);
  }
  // Marks an account whose default catalogues exist: they are created once, even under concurrency.
  await knex.schema.createTable('seeded_accounts', (table) => {
    table.uuid('user_id').primary();
    table.timestamp('seeded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const name of ['seeded_accounts', 'pipeline_stages', 'lead_sources', 'insurers', 'products']) await knex.schema.dropTable(name);
}
