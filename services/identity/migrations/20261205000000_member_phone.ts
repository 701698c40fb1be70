import type { Knex } from 'knex';

/** A member's own mobile, edited on their Meu Perfil (#58): the brokerage's phone stays on its profile. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.string('phone', 20);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.dropColumn('phone');
  });
}
