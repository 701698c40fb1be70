import type { Knex } from 'knex';

/**
 * The brokerage as a team. Each user belongs to one brokerage (`brokerage_id`: the account every
 * record is scoped by; the brokerage's first owner has its id, so every existing account is a
 * brokerage of one with its user as owner) with a role; a member can be disabled. Invitations are
 * e-mailed links (the token's sha256 kept), valid 7 days, single use.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.uuid('brokerage_id');
    table.string('role', 10).notNullable().defaultTo('owner');
    table.timestamp('disabled_at', { useTz: true });
  });
  await knex.raw('update users set brokerage_id = id');
  await knex.raw('alter table users alter column brokerage_id set not null');
  // A user inserted without a brokerage founds their own (registering; a seed or a tool writing users).
  await knex.raw(`create function users_own_brokerage() returns trigger language plpgsql as $$
    begin
      if new.brokerage_id is null then new.brokerage_id := new.id; end if;
      return new;
    end $$`);
  await knex.raw('create trigger users_own_brokerage before insert on users for each row execute function users_own_brokerage()');
  await knex.raw(`alter table users add constraint users_role_check check (role in ('owner', 'admin', 'producer', 'assistant'))`);
  await knex.raw('create index users_brokerage on users (brokerage_id)');
  await knex.schema.createTable('invitations', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    table.uuid('brokerage_id').notNullable();
    table.string('email', 100).notNullable();
    table.string('role', 10).notNullable();
    table.string('token_hash', 64).notNullable().unique();
    table.uuid('invited_by').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('accepted_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table invitations add constraint invitations_role_check check (role in ('owner', 'admin', 'producer', 'assistant'))`,
  );
  // One open invitation per e-mail and brokerage: inviting again replaces it.
  await knex.raw('create unique index invitations_open_email on invitations (brokerage_id, email) where accepted_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('invitations');
  await knex.raw('drop trigger users_own_brokerage on users');
  await knex.raw('drop function users_own_brokerage()');
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('disabled_at');
    table.dropColumn('role');
    table.dropColumn('brokerage_id');
  });
}
