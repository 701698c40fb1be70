import { refreshActivityTypes } from '@corretora/service-kit';
import type { Knex } from 'knex';

/** New events (#24): a statement imported or undone, a cancellation's chargeback. */
export async function up(knex: Knex): Promise<void> {
  await refreshActivityTypes(knex);
}

export async function down(): Promise<void> {
  // The wider check stays: an older release never writes the new types.
}
