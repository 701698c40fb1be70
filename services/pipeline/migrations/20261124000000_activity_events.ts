import { ACTIVITY_TABLE, createActivityTable } from '@corretora/service-kit';
import type { Knex } from 'knex';

/** 'Atividade Recente': leads created, stage changes, archive and restore. */
export async function up(knex: Knex): Promise<void> {
  await createActivityTable(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable(ACTIVITY_TABLE);
}
