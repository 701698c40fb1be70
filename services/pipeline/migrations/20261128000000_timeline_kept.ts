import type { Knex } from 'knex';

/**
 * The timeline is the contact's record (#33 item 3): deleting a contact no longer takes its
 * entries with it. The foreign key refuses instead, so every path that removes a contact (an
 * import's undo, a lead card's prospect, a merge) must keep or move them first; only Limpar Dados
 * (which empties the timeline before the contacts) and, later, the data subject's own deletion
 * request remove entries.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table contact_timeline drop constraint contact_timeline_contact_id_foreign');
  await knex.raw(
    'alter table contact_timeline add constraint contact_timeline_contact_id_foreign foreign key (contact_id) references contacts (id) on delete restrict',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table contact_timeline drop constraint contact_timeline_contact_id_foreign');
  await knex.raw(
    'alter table contact_timeline add constraint contact_timeline_contact_id_foreign foreign key (contact_id) references contacts (id) on delete cascade',
  );
}
