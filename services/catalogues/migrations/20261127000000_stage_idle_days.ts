import type { Knex } from 'knex';

/**
 * Going cold (#25): the days a card may sit in a stage without activity (amber on the day, red
 * past it), editable in Configurações > Etapas; null: no limit. Existing stages get the defaults a
 * new brokerage starts with (contracts' DEFAULT_IDLE_DAYS, written out here: a migration never changes).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pipeline_stages', (table) => {
    table.integer('idle_days');
  });
  await knex.raw('alter table pipeline_stages add constraint pipeline_stages_idle_days_check check (idle_days between 1 and 365)');
  await knex.raw(`update pipeline_stages set idle_days = case key when 'leads' then 3 when 'qualified' then 7 when 'proposal' then 5 end`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('pipeline_stages', (table) => {
    table.dropColumn('idle_days');
  });
}
