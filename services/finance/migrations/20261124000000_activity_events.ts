import { ACTIVITY_TABLE, createActivityTable } from '@corretora/service-kit';
import type { Knex } from 'knex';

/** 'Atividade Recente': policies issued, claim status changes, documents uploaded. */
export async function up(knex: Knex): Promise<void> {
  await createActivityTable(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable(ACTIVITY_TABLE);
}
