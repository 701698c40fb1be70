import type { Knex } from 'knex';

/**
 * The daily digest is each member's (#38): a send and the on/off choice belong to the member they are
 * for (`responsible_id`, a responsible table of the scope: a member reads only their own). Every
 * existing row is the account's, whose first owner has the account's id.
 */
const TABLES = ['digest_sends', 'digest_preferences'] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.raw(`alter table ?? add column responsible_id uuid`, [table]);
    await knex.raw(`update ?? set responsible_id = user_id`, [table]);
    await knex.raw(`alter table ?? alter column responsible_id set not null`, [table]);
    await knex.raw(`create trigger ?? before insert on ?? for each row execute function responsible_default()`, [
      `${table}_responsible_default`,
      table,
    ]);
  }
  await knex.raw('alter table digest_sends drop constraint digest_sends_user_id_day_unique');
  await knex.raw('alter table digest_sends add constraint digest_sends_member_day_unique unique (responsible_id, day)');
  await knex.raw('create index digest_sends_user_id on digest_sends (user_id)');
  await knex.raw('alter table digest_preferences drop constraint digest_preferences_pkey');
  await knex.raw('alter table digest_preferences add primary key (responsible_id)');
  await knex.raw('create index digest_preferences_user_id on digest_preferences (user_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index digest_preferences_user_id');
  await knex.raw('alter table digest_preferences drop constraint digest_preferences_pkey');
  await knex.raw('delete from digest_preferences where responsible_id <> user_id');
  await knex.raw('alter table digest_preferences add primary key (user_id)');
  await knex.raw('drop index digest_sends_user_id');
  await knex.raw('alter table digest_sends drop constraint digest_sends_member_day_unique');
  await knex.raw('delete from digest_sends where responsible_id <> user_id');
  await knex.raw('alter table digest_sends add constraint digest_sends_user_id_day_unique unique (user_id, day)');
  for (const table of TABLES) {
    await knex.raw('drop trigger ?? on ??', [`${table}_responsible_default`, table]);
    await knex.raw('alter table ?? drop column responsible_id', [table]);
  }
}
