import { SHARD_REFERENCE, markNotDistributed } from '@corretora/service-kit';
import type { Knex } from 'knex';

/**
 * Ready to shard by brokerage (#63 item 5): identity's tables are the directory every request starts
 * from (a member by e-mail at sign-in, an invitation by its link), read before the brokerage is known.
 */
export async function up(knex: Knex): Promise<void> {
  await markNotDistributed(knex, 'users', SHARD_REFERENCE, 'the members; sign-in finds one by e-mail before the brokerage is known');
  await markNotDistributed(knex, 'invitations', SHARD_REFERENCE, "a member's invitation, opened by its link before the brokerage is known");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('comment on table users is null');
  await knex.raw('comment on table invitations is null');
}
