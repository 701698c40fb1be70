import type { Knex } from 'knex';

/**
 * A sale belongs to its card (#35 item 3): a client can have a second deal while the first is open
 * (auto renewed, now a house), so the product, the lead source and the expected premium move from
 * the contact to each card. Every card starts from its contact's values; the contact keeps them as
 * its latest interest (Contatos shows them, the spec's PATCH /api/contacts still writes them).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table pipeline_cards
      add column product_id integer,
      add column lead_source_id integer,
      add column annual_premium bigint check (annual_premium between 0 and 100000000)`);
  await knex.raw(`
    update pipeline_cards c set product_id = k.product_id, lead_source_id = k.lead_source_id, annual_premium = k.annual_premium
      from contacts k where k.id = c.contact_id and k.user_id = c.user_id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table pipeline_cards drop column product_id, drop column lead_source_id, drop column annual_premium');
}
