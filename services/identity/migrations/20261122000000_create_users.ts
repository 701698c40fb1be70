import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.string('email', 100).notNullable().unique();
    table.text('password').notNullable();
    table.string('name', 100);
    table.text('profile_image_url');
    table.boolean('is_email_verified').notNullable().defaultTo(false);
    // sha256 of the emailed token: a leaked table cannot be used to reset anyone's password.
    table.string('reset_password_token', 64).unique();
    table.timestamp('reset_password_expires', { useTz: true });
    table.timestamps(true, true);
  });
  await knex.schema.createTable('rate_limit_events', (table) => {
    table.bigIncrements('id');
    table.string('bucket', 200).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['bucket', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limit_events');
  await knex.schema.dropTable('users');
}
