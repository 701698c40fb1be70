import type { Knex } from 'knex';

/**
 * Erasure done right (#57):
 * - contacts.erasure_requested_at / erasure_request_id: a data subject asked to be erased while a
 *   contract (a policy in force, a claim still open) needs their contact data (LGPD art. 7, V and
 *   16): marketing ended at once; the retention sweep erases the rest once the last contract ends.
 * - A blocked contact (kept only for the 5-year retention) refuses every write in the database
 *   itself, whatever code path tries: its own row (but for the retention date and whose client it
 *   is) and any note, timeline entry, task or card given to it. The error's SQLSTATE (CR423) is a
 *   pt-BR 409 in the kit's error middleware.
 */
const GUARDED = ['notes', 'contact_timeline', 'tasks', 'pipeline_cards'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (table) => {
    table.timestamp('erasure_requested_at', { useTz: true });
    table.integer('erasure_request_id');
  });
  await knex.raw(`
    create function refuse_blocked_contact_write() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'contacts' then
        -- Generated columns are not computed yet in a before trigger: compared without them.
        if old.blocked_at is not null and new.blocked_at is not null
           and (to_jsonb(new) - '{retain_until,responsible_id,updated_at,address,phone_e164,search_text}'::text[])
               is distinct from (to_jsonb(old) - '{retain_until,responsible_id,updated_at,address,phone_e164,search_text}'::text[]) then
          raise exception 'contact % is blocked', old.id using errcode = 'CR423';
        end if;
        return new;
      end if;
      if new.contact_id is not null
         and (tg_op = 'INSERT' or new.contact_id is distinct from old.contact_id)
         and exists (select 1 from contacts where id = new.contact_id and blocked_at is not null) then
        raise exception 'contact % is blocked', new.contact_id using errcode = 'CR423';
      end if;
      return new;
    end $$`);
  await knex.raw('create trigger contacts_blocked before update on contacts for each row execute function refuse_blocked_contact_write()');
  for (const table of GUARDED)
    await knex.raw(
      `create trigger ${table}_blocked_contact before insert or update of contact_id on ${table} for each row execute function refuse_blocked_contact_write()`,
    );
}

export async function down(knex: Knex): Promise<void> {
  for (const table of GUARDED) await knex.raw(`drop trigger ${table}_blocked_contact on ${table}`);
  await knex.raw('drop trigger contacts_blocked on contacts');
  await knex.raw('drop function refuse_blocked_contact_write()');
  await knex.schema.alterTable('contacts', (table) => {
    table.dropColumn('erasure_requested_at');
    table.dropColumn('erasure_request_id');
  });
}
