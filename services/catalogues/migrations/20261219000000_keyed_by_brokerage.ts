import { keyByBrokerage } from '@corretora/service-kit';
import type { Knex } from 'knex';

/** Ready to shard by brokerage (#63 item 5): every key of the catalogues includes `user_id` (the kit's keyByBrokerage). */
export async function up(knex: Knex): Promise<void> {
  await keyByBrokerage(knex, 'catalogues');
}

export async function down(): Promise<void> {
  throw new Error('20261219000000_keyed_by_brokerage cannot be undone: restore a backup taken before it');
}
