import type { Knex } from 'knex';

/**
 * The boleto's or Pix's link the broker attaches to an instalment (#61): the client opens it on the
 * portal. https only, as the contract checks it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "alter table policy_instalments add column payment_link varchar(2000) check (payment_link is null or payment_link like 'https://%')",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table policy_instalments drop column payment_link');
}
