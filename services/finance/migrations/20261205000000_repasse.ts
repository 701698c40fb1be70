import type { Knex } from 'knex';

/**
 * Repasse (#39): what each producer (or angariador) is owed of the commission the brokerage received.
 * - commission_rules: a member's percent of the net commission, by insurer × line × new/renewal;
 *   the row with neither insurer nor line and business 'any' is the member's default.
 * - policy_participants: up to three people a policy's commission is split between (a member, or
 *   an angariador without a login, named, with the percent the policy pays them); no rows means the
 *   policy's responsible member, 100 %.
 * - repasse_lines: the ledger. One line per participant and statement line received (a reconciled
 *   commission or its estorno), in the month it counts in; `responsible_id` is the member it is
 *   paid to, so a producer's scope shows only theirs (null for an angariador without a login).
 *   A line in a closed month never changes: a later change is an 'ajuste' in the first open month.
 * - repasse_closings: the months the brokerage closed; closing a month closes every month before it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('commission_rules', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.uuid('member_id').notNullable();
    table.integer('insurer_id');
    table.string('line', 40);
    table.string('business', 10).notNullable().defaultTo('any');
    table.decimal('percent', 5, 2).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table commission_rules add constraint commission_rules_business_check check (business in ('new', 'renewal', 'any'))`,
  );
  await knex.raw(`alter table commission_rules add constraint commission_rules_percent_check check (percent >= 0 and percent <= 100)`);
  await knex.raw(
    `create unique index commission_rules_unique on commission_rules (user_id, member_id, coalesce(insurer_id, 0), coalesce(line, ''), business)`,
  );

  await knex.schema.createTable('policy_participants', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.integer('policy_id').notNullable().references('id').inTable('policies').onDelete('CASCADE');
    table.smallint('position').notNullable();
    table.uuid('member_id');
    table.string('name', 120);
    table.string('role', 12).notNullable();
    table.decimal('share', 5, 2).notNullable();
    table.decimal('percent', 5, 2);
    table.unique(['policy_id', 'position']);
    table.index(['user_id', 'member_id']);
  });
  await knex.raw(
    `alter table policy_participants add constraint policy_participants_role_check check (role in ('producer', 'angariador'))`,
  );
  await knex.raw(`alter table policy_participants add constraint policy_participants_share_check check (share > 0 and share <= 100)`);
  await knex.raw(`alter table policy_participants add constraint policy_participants_position_check check (position between 1 and 3)`);
  await knex.raw(
    `alter table policy_participants add constraint policy_participants_who_check
       check (member_id is not null or (name is not null and percent is not null and percent between 0 and 100))`,
  );

  await knex.schema.createTable('repasse_lines', (table) => {
    table.bigIncrements('id');
    table.uuid('user_id').notNullable();
    table.uuid('responsible_id');
    table.string('participant_key', 160).notNullable();
    table.string('participant_name', 120);
    table.string('role', 12).notNullable();
    table.date('month').notNullable();
    table.string('kind', 10).notNullable();
    table.integer('statement_line_id').references('id').inTable('statement_lines').onDelete('SET NULL');
    table.integer('policy_id').references('id').inTable('policies').onDelete('SET NULL');
    table.string('policy_number', 40);
    table.string('contact_name', 200);
    table.decimal('base', 12, 2).notNullable();
    table.decimal('share', 5, 2).notNullable();
    table.decimal('percent', 5, 2).notNullable();
    table.decimal('amount', 12, 2).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['user_id', 'month', 'responsible_id']);
    table.index(['statement_line_id']);
  });
  await knex.raw(`alter table repasse_lines add constraint repasse_lines_kind_check check (kind in ('repasse', 'estorno', 'ajuste'))`);

  await knex.schema.createTable('repasse_closings', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.date('month').notNullable();
    table.uuid('closed_by');
    table.decimal('total', 14, 2).notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.unique(['user_id', 'month']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('repasse_closings');
  await knex.schema.dropTable('repasse_lines');
  await knex.schema.dropTable('policy_participants');
  await knex.schema.dropTable('commission_rules');
}
