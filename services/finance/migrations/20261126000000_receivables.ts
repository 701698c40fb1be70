import type { Knex } from 'knex';

/**
 * Receivables (#24):
 * - policies.policy_key: the policy number as statements are matched by it (upper case, letters and
 *   digits only, no leading zeros: '0123.456-7' ~ '1234567'), indexed with the insurer.
 * - policies.cancelled_on / chargeback_percent / chargeback_expected: a cancellation by the broker,
 *   the share its insurer's scale takes back for that month and that amount.
 * - statement_lines: every line of a committed statement (a payment, an estorno, an adjustment),
 *   matched to an instalment or not (não identificado), with how and the broker's note. The
 *   fingerprint (the line's values and its occurrence in the file) makes a re-imported statement
 *   bring no payment twice.
 * - finance_settings: the broker's tolerance and grace days (defaults R$ 0,05 and 10 days).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `alter table policies add column policy_key text generated always as
       (nullif(ltrim(regexp_replace(upper(policy_number), '[^0-9A-Z]', '', 'g'), '0'), '')) stored`,
  );
  await knex.schema.alterTable('policies', (table) => {
    table.date('cancelled_on');
    table.decimal('chargeback_percent', 5, 2);
    table.decimal('chargeback_expected', 12, 2);
    table.index(['user_id', 'insurer_id', 'policy_key'], 'policies_statement_match_index');
  });
  await knex.schema.createTable('statement_lines', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.integer('import_id').notNullable();
    table.integer('line').notNullable();
    table.integer('insurer_id').notNullable();
    table.string('fingerprint', 80).notNullable();
    table.string('policy_number', 40);
    table.string('endorsement', 20);
    table.integer('instalment_number');
    table.specificType('contact_ids', 'int[]').notNullable().defaultTo('{}');
    table.string('type', 10).notNullable();
    table.decimal('gross', 12, 2).notNullable();
    table.decimal('iss', 12, 2).notNullable();
    table.decimal('irrf', 12, 2).notNullable();
    table.decimal('net', 12, 2).notNullable();
    table.date('paid_on');
    table.integer('policy_id').references('id').inTable('policies').onDelete('SET NULL');
    table.integer('instalment_id').references('id').inTable('policy_instalments').onDelete('SET NULL');
    table.string('matched_by', 10);
    table.string('note', 500);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.unique(['user_id', 'fingerprint']);
    table.unique(['user_id', 'import_id', 'line']);
    table.index(['instalment_id']);
    table.index(['user_id', 'paid_on']);
  });
  await knex.raw(`alter table statement_lines add constraint statement_lines_type_check check (type in ('comissao', 'estorno', 'ajuste'))`);
  await knex.raw(
    `alter table statement_lines add constraint statement_lines_matched_check check (matched_by in ('numero', 'documento', 'manual') or (matched_by is null and instalment_id is null))`,
  );
  await knex.schema.createTable('finance_settings', (table) => {
    table.uuid('user_id').primary();
    table.decimal('tolerance', 12, 2).notNullable().defaultTo('0.05');
    table.integer('grace_days').notNullable().defaultTo(10);
  });
  await knex.raw(
    'alter table finance_settings add constraint finance_settings_check check (tolerance >= 0 and grace_days between 0 and 180)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('finance_settings');
  await knex.schema.dropTable('statement_lines');
  await knex.schema.alterTable('policies', (table) => {
    table.dropIndex([], 'policies_statement_match_index');
    table.dropColumn('policy_key');
    table.dropColumn('cancelled_on');
    table.dropColumn('chargeback_percent');
    table.dropColumn('chargeback_expected');
  });
}
