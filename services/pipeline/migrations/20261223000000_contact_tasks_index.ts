import type { Knex } from 'knex';

/**
 * The ficha's written tasks (#63): a client's open tasks are read by contact; without this index every
 * ficha read the brokerage's whole task list (`npm run bench:scale`: 105,000 rows a ficha).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index tasks_open_by_contact on tasks (user_id, contact_id) where done_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists tasks_open_by_contact');
}
