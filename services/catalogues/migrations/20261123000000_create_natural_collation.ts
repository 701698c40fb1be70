import type { Knex } from 'knex';

/**
 * Lists sort by name as a Brazilian reader expects: accents and case second, numbers by value
 * ('Produto 2' before 'Produto 10'). Sorting in SQL spares every read a sort in JavaScript.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("create collation if not exists pt_br_natural (provider = icu, locale = 'pt-BR-u-kn-true')");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop collation if exists pt_br_natural');
}
