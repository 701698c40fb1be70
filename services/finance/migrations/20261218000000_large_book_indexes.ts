import type { Knex } from 'knex';

/**
 * A client's rows found by index in a large brokerage (#63, `npm run bench:scale`: 500,000 policies):
 * the ficha reads one client's policies, claims and documents, and a document hangs on a policy or a
 * claim (which also makes deleting a policy or a claim, ON DELETE SET NULL, not read every document).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index policies_contact on policies (user_id, contact_id)');
  await knex.raw('create index claims_contact on claims (user_id, contact_id)');
  await knex.raw('create index documents_contact on documents (user_id, contact_id) where contact_id is not null');
  await knex.raw('create index documents_policy on documents (user_id, policy_id) where policy_id is not null');
  await knex.raw('create index documents_claim on documents (user_id, claim_id) where claim_id is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists policies_contact, claims_contact, documents_contact, documents_policy, documents_claim');
}
