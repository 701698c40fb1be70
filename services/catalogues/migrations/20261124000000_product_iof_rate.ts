import type { Knex } from 'knex';

/**
 * A product's own IOF rate in percent (null: its policy type's line, see contracts' iof.ts), up to
 * the decree's 25%. The two defaults whose line no policy type names get theirs: health 2,38%;
 * travel, a personal-accident cover, 0,38%.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (table) => {
    table.decimal('iof_rate', 5, 2);
  });
  await knex.raw('alter table products add constraint products_iof_rate_check check (iof_rate between 0 and 25)');
  await knex('products').whereRaw('lower(name) = ?', ['seguro saúde']).whereNull('policy_type').update({ iof_rate: '2.38' });
  await knex('products').whereRaw('lower(name) = ?', ['seguro viagem']).whereNull('policy_type').update({ iof_rate: '0.38' });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (table) => {
    table.dropColumn('iof_rate');
  });
}
