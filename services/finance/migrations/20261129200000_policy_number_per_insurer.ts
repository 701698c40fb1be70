import type { Knex } from 'knex';

/**
 * The insurer's policy number (#34 item 1), continued:
 * - unique per insurer within the brokerage: two insurers may number their policies alike. Policies
 *   without an insurer (one removed from the catalogue, an old import) count as one insurer among
 *   themselves (nulls not distinct).
 * - a policy awaiting its number is a task in Minhas tarefas from the day it was issued;
 *   `number_reminder_on` is the day the broker snoozed it to.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('policies', (table) => {
    table.date('number_reminder_on');
  });
  await knex.raw('alter table policies drop constraint policies_user_id_policy_number_unique');
  await knex.raw(
    'alter table policies add constraint policies_user_insurer_number_unique unique nulls not distinct (user_id, insurer_id, policy_number)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('policies', (table) => {
    table.dropColumn('number_reminder_on');
  });
  await knex.raw('alter table policies drop constraint policies_user_insurer_number_unique');
  await knex.raw('alter table policies add constraint policies_user_id_policy_number_unique unique (user_id, policy_number)');
}
