import { ACTIVITY_TABLE, addActivityMember } from '@corretora/service-kit';
import type { Knex } from 'knex';

/**
 * The brokerage as a team: contacts, cards, tasks and imports name the member responsible for them. Every
 * existing record is the account's own (the brokerage's first owner has the account's id); a row
 * inserted without one (an import's bulk insert, a job) is the brokerage owner's, by the trigger.
 */
const TABLES = ['contacts', 'pipeline_cards', 'tasks', 'imports'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create function responsible_default() returns trigger language plpgsql as $$
    begin
      if new.responsible_id is null then new.responsible_id := new.user_id; end if;
      return new;
    end $$`);
  for (const table of TABLES) {
    await knex.raw(`alter table ?? add column responsible_id uuid`, [table]);
    await knex.raw(`update ?? set responsible_id = user_id`, [table]);
    await knex.raw(`alter table ?? alter column responsible_id set not null`, [table]);
    await knex.raw(`create index ?? on ?? (user_id, responsible_id)`, [`${table}_responsible`, table]);
    await knex.raw(`create trigger ?? before insert on ?? for each row execute function responsible_default()`, [
      `${table}_responsible_default`,
      table,
    ]);
  }
  // Atividade Recente: the member whose record an event is about (a producer sees only theirs).
  await addActivityMember(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`alter table ${ACTIVITY_TABLE} drop column member_id`);
  for (const table of TABLES) {
    await knex.raw('drop trigger ?? on ??', [`${table}_responsible_default`, table]);
    await knex.raw('alter table ?? drop column responsible_id', [table]);
  }
  await knex.raw('drop function responsible_default()');
}
