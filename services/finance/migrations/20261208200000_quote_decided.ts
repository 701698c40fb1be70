import type { Knex } from 'knex';

/** When a quote was won or lost (its deal closed): the won/lost report counts it in that month. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table quotes add column decided_at timestamptz');
  await knex.raw(`update quotes set decided_at = updated_at where status in ('won', 'lost')`);
  await knex.raw('create index quotes_decided on quotes (user_id, decided_at) where decided_at is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists quotes_decided');
  await knex.raw('alter table quotes drop column if exists decided_at');
}
