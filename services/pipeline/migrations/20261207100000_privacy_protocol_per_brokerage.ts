import type { Knex } from 'knex';

/**
 * A privacy request's protocol counts the brokerage's own requests of the year (#57): it was the
 * global row id, so a brokerage's 4th request read LGPD-2026-0018 and told it how many requests the
 * others had. Existing requests are numbered in the order they came, per brokerage and year; a
 * counter row per brokerage and year orders parallel requests, as claims' numbers do.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('privacy_requests', (table) => {
    table.integer('protocol_year');
    table.integer('protocol_number');
  });
  await knex.raw(`
    update privacy_requests r set protocol_year = n.year, protocol_number = n.number
      from (select id, extract(year from created_at at time zone 'America/Sao_Paulo')::int as year,
                   row_number() over (partition by user_id, extract(year from created_at at time zone 'America/Sao_Paulo') order by created_at, id)::int as number
              from privacy_requests) n
     where n.id = r.id`);
  await knex.raw('alter table privacy_requests alter column protocol_year set not null, alter column protocol_number set not null');
  await knex.raw(
    'alter table privacy_requests add constraint privacy_requests_protocol_unique unique (user_id, protocol_year, protocol_number)',
  );
  await knex.schema.createTable('privacy_protocol_counters', (table) => {
    table.uuid('user_id').notNullable();
    table.integer('year').notNullable();
    table.integer('last_number').notNullable();
    table.primary(['user_id', 'year']);
  });
  await knex.raw(
    `insert into privacy_protocol_counters (user_id, year, last_number)
     select user_id, protocol_year, max(protocol_number) from privacy_requests group by user_id, protocol_year`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('privacy_protocol_counters');
  await knex.schema.alterTable('privacy_requests', (table) => {
    table.dropUnique(['user_id', 'protocol_year', 'protocol_number'], 'privacy_requests_protocol_unique');
    table.dropColumn('protocol_year');
    table.dropColumn('protocol_number');
  });
}
