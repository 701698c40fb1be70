import type { Knex } from 'knex';

/** A claim the client reported on the portal (#61) says so: the screens and the tasks mark it. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table claims add column origin varchar(10) check (origin in ('portal'))");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table claims drop column origin');
}
