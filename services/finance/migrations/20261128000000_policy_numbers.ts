import { refreshActivityTypes } from '@corretora/service-kit';
import type { Knex } from 'knex';

/**
 * The insurer's policy number (#34 item 1):
 * - policies.awaiting_number: issued without the insurer's number, the policy holds a provisional
 *   one (PROV-<year>-<6 digits>) and says 'Aguardando nº da seguradora' until the broker types it;
 *   every PROV- policy of an earlier release is awaiting.
 * - policies.proposal_number: the proposal's number, as the insurer gave it.
 * - a new event, 'policy_number_set' (the policy's history of its number).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('policies', (table) => {
    table.boolean('awaiting_number').notNullable().defaultTo(false);
    table.string('proposal_number', 40);
  });
  await knex.raw(`update policies set awaiting_number = true where policy_number like 'PROV-%'`);
  await knex.raw('create index policies_awaiting_number on policies (user_id) where awaiting_number');
  await refreshActivityTypes(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists policies_awaiting_number');
  await knex.schema.alterTable('policies', (table) => {
    table.dropColumn('awaiting_number');
    table.dropColumn('proposal_number');
  });
}
