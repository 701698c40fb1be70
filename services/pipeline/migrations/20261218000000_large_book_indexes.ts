import type { Knex } from 'knex';

/**
 * A large brokerage's Contatos (#63, `npm run bench:scale`: 300,000 contacts): its first page is read
 * in the screen's order from an index instead of sorting the whole book, for everyone's and for one
 * member's clients (a producer's list, Equipe's filter).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index contacts_name_order on contacts (user_id, name collate pt_br_natural, id)');
  await knex.raw('create index contacts_responsible_name_order on contacts (user_id, responsible_id, name collate pt_br_natural, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists contacts_name_order, contacts_responsible_name_order');
}
