import { SHARD_LOCAL, SHARD_REFERENCE, keyByBrokerage, markNotDistributed } from '@corretora/service-kit';
import type { Knex } from 'knex';

/**
 * Ready to shard by brokerage (#63 item 5): every key of the pipeline's brokerage tables includes
 * `user_id` (the kit's keyByBrokerage), and the tables a sharded database treats otherwise say why.
 */
export async function up(knex: Knex): Promise<void> {
  await markNotDistributed(
    knex,
    'whatsapp_settings',
    SHARD_REFERENCE,
    "a brokerage's WhatsApp number; Meta's webhook is routed by its phone number id before the brokerage is known",
  );
  await markNotDistributed(
    knex,
    'privacy_settings',
    SHARD_REFERENCE,
    "a brokerage's privacy page, opened by its slug before the brokerage is known",
  );
  await markNotDistributed(knex, 'backfills', SHARD_LOCAL, 'which one-off data fixes ran; no brokerage records');
  await markNotDistributed(knex, 'digest_days', SHARD_LOCAL, 'the days whose 07:00 digest a replica claimed; no brokerage records');
  await keyByBrokerage(knex, 'pipeline');
}

export async function down(): Promise<void> {
  throw new Error('20261219000000_keyed_by_brokerage cannot be undone: restore a backup taken before it');
}
