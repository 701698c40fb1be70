import type { Knex } from 'knex';

/**
 * The onboarding gate the other services read with the session (public.account_gates.onboarded,
 * service-kit's requireOnboarding) follows the profile's isOnboardingComplete: one trigger keeps it
 * equal on every insert, update and delete of a profile, whoever writes it. Existing profiles are
 * copied once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function broker_profiles_onboarding_gate() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        update public.account_gates set onboarded = false where user_id = old.user_id;
        return null;
      end if;
      insert into public.account_gates (user_id, onboarded) values (new.user_id, new.is_onboarding_complete)
        on conflict (user_id) do update set onboarded = excluded.onboarded;
      return null;
    end $$`);
  await knex.raw(`create trigger broker_profiles_onboarding_gate after insert or update of is_onboarding_complete or delete on broker_profiles
    for each row execute function broker_profiles_onboarding_gate()`);
  await knex.raw(`insert into public.account_gates (user_id, onboarded) select user_id, is_onboarding_complete from broker_profiles
    on conflict (user_id) do update set onboarded = excluded.onboarded`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists broker_profiles_onboarding_gate on broker_profiles');
  await knex.raw('drop function if exists broker_profiles_onboarding_gate()');
}
