import type { Knex } from 'knex';

/**
 * An insurer's chargeback scale (#24): [{ untilMonth, percent }], months since the policy's start
 * -> % of its commission returned on a cancellation. Null keeps the scale it started with (Porto
 * Seguro's own, else 100% in the first 6 months: contracts' seededChargebackSteps), so the seed
 * follows the insurer's name and needs no row per broker.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('insurers', (table) => {
    table.jsonb('chargeback_steps');
  });
  await knex.raw(
    `alter table insurers add constraint insurers_chargeback_steps_check check (chargeback_steps is null or jsonb_typeof(chargeback_steps) = 'array')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('insurers', (table) => {
    table.dropColumn('chargeback_steps');
  });
}
