import type { Knex } from 'knex';

/**
 * Instalments (parcelas, #24): each policy's payment plan as rows, with the premium and the
 * commission expected on each (cents split so the sums are exact: instalments.ts). Every existing
 * policy gets one instalment (à vista), due at its start (or a year before its renewal), carrying
 * its whole premium and commission: the commission as commission-math.ts computes it, on the net
 * premium where known, rounded half up to the cent.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('policies', (table) => {
    table.string('payment_method', 20);
  });
  await knex.schema.createTable('policy_instalments', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.integer('policy_id').notNullable().references('id').inTable('policies').onDelete('CASCADE');
    table.integer('number').notNullable();
    table.date('due_date').notNullable();
    table.decimal('premium', 12, 2).notNullable();
    table.decimal('expected_commission', 12, 2).notNullable();
    table.unique(['policy_id', 'number']);
    table.index(['user_id', 'due_date']);
  });
  await knex.raw(
    'alter table policy_instalments add constraint policy_instalments_money_check check (premium >= 0 and expected_commission >= 0)',
  );
  await knex.raw(
    `insert into policy_instalments (user_id, policy_id, number, due_date, premium, expected_commission)
     select p.user_id, p.id, 1, coalesce(p.start_date, (p.renewal_date - interval '1 year')::date), p.premium,
            case when p.commission_type = 'fixed' then p.commission_value
                 else round(coalesce(p.net_premium, p.premium) * p.commission_value / 100, 2) end
       from policies p`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('policy_instalments');
  await knex.schema.alterTable('policies', (table) => table.dropColumn('payment_method'));
}
