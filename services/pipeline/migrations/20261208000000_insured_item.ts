import type { Knex } from 'knex';

/**
 * What a deal insures (contracts' InsuredItem: a vehicle, a property, the insured persons) as JSON on
 * its card, carried by its quotes into the policy; `insured_plate` is the vehicle's plate in its
 * Mercosul form (contracts' plateSearchKey), what the top bar's search finds a deal by.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table pipeline_cards add column insured_item jsonb');
  await knex.raw('alter table pipeline_cards add column insured_plate varchar(7)');
  await knex.raw('create index pipeline_cards_plate on pipeline_cards (user_id, insured_plate) where insured_plate is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists pipeline_cards_plate');
  await knex.raw('alter table pipeline_cards drop column if exists insured_plate');
  await knex.raw('alter table pipeline_cards drop column if exists insured_item');
}
