import { ACTIVITY_TABLE, addActivityContact } from '@corretora/service-kit';
import type { Knex } from 'knex';

/** Atividade Recente links the client an event is about (#35 item 1): their id beside the event. */
export async function up(knex: Knex): Promise<void> {
  await addActivityContact(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`alter table ${ACTIVITY_TABLE} drop column contact_id`);
}
