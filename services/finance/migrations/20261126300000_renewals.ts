import type { Knex } from 'knex';

/**
 * Renovações (#25):
 * - renewals: one per policy (unique), written by the server for every active policy ending within
 *   90 days (RenewalsService.ensure: on every read and by the hourly sweep), open until the broker
 *   records renovada (new_policy_id: the next term's policy) or perdida (lost_reason).
 * - renewal_quotes: insurers' prices for the next term.
 * - policies.renewed_from_policy_id: the next term's policy names the one it renews.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('policies', (table) => {
    table.integer('renewed_from_policy_id').references('id').inTable('policies').onDelete('SET NULL');
  });
  await knex.schema.createTable('renewals', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.integer('policy_id').notNullable().unique().references('id').inTable('policies').onDelete('CASCADE');
    table.date('due_date').notNullable();
    table.string('status', 10).notNullable().defaultTo('open');
    table.string('lost_reason', 24);
    table.string('note', 500);
    table.integer('new_policy_id').references('id').inTable('policies').onDelete('SET NULL');
    table.timestamp('decided_at', { useTz: true });
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['user_id', 'status', 'due_date']);
    table.index(['user_id', 'due_date']);
  });
  await knex.raw(
    `alter table renewals add constraint renewals_status_check check (
       (status = 'open' and lost_reason is null) or status = 'renewed' or
       (status = 'lost' and lost_reason in ('preco', 'atendimento', 'trocou_de_corretor', 'bem_vendido', 'outro')))`,
  );
  await knex.schema.createTable('renewal_quotes', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.integer('renewal_id').notNullable().references('id').inTable('renewals').onDelete('CASCADE');
    table.integer('insurer_id').notNullable();
    table.decimal('premium', 12, 2).notNullable();
    table.string('note', 500);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['renewal_id']);
  });
  await knex.raw('alter table renewal_quotes add constraint renewal_quotes_premium_check check (premium >= 0)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('renewal_quotes');
  await knex.schema.dropTable('renewals');
  await knex.schema.alterTable('policies', (table) => table.dropColumn('renewed_from_policy_id'));
}
