import type { Knex } from 'knex';

/**
 * Apólices a page at a time in a large brokerage (#63, `npm run bench:scale`: 500,000 policies): the
 * first page read in the list's order (newest first) instead of sorting every match, and how many
 * match a line and status counted from an index alone (100,000 active auto policies: 11 ms, was 100).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index policies_created on policies (user_id, created_at desc, id desc)');
  await knex.raw('create index policies_line_status on policies (user_id, line, status, renewal_date)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists policies_created, policies_line_status');
}
