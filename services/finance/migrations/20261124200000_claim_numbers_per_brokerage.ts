import type { Knex } from 'knex';

/**
 * Claim numbers count each brokerage's own claims (SIN-<year>-<n>, n from 1 every year), so a number
 * says nothing about other brokerages. One counter row per brokerage and year, moved by the insert
 * that takes a number (its row lock orders parallel claims of the same brokerage). Numbers already
 * given stay as they are; each brokerage's counter starts after the highest it holds that year.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('claim_number_counters', (table) => {
    table.uuid('user_id').notNullable();
    table.integer('year').notNullable();
    table.integer('last_number').notNullable();
    table.primary(['user_id', 'year']);
  });
  await knex.raw(`insert into claim_number_counters (user_id, year, last_number)
    select user_id, substring(claim_id from 5 for 4)::int, max(substring(claim_id from 10)::int)
    from claims where claim_id ~ '^SIN-[0-9]{4}-[0-9]+$' group by 1, 2`);
  await knex.raw('alter table claims drop constraint claims_claim_id_unique');
  await knex.raw('alter table claims add constraint claims_user_claim_id_unique unique (user_id, claim_id)');
  await knex.raw('drop sequence if exists claim_number_seq');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table claims drop constraint claims_user_claim_id_unique');
  await knex.raw('alter table claims add constraint claims_claim_id_unique unique (claim_id)');
  await knex.raw('create sequence claim_number_seq');
  await knex.schema.dropTable('claim_number_counters');
}
