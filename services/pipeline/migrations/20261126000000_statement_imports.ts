import type { Knex } from 'knex';

/**
 * Insurers' commission statements (#24) are imports of kind 'statement': the insurer that sent the
 * file rides on the import (its mapping is remembered per insurer through the header key).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('imports', (table) => {
    table.integer('insurer_id');
  });
  await knex.raw('alter table imports drop constraint imports_kind_check');
  await knex.raw(
    "alter table imports add constraint imports_kind_check check (kind in ('contacts', 'policies', 'statement') and (kind = 'statement') = (insurer_id is not null))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('imports').where({ kind: 'statement' }).delete();
  await knex.raw('alter table imports drop constraint imports_kind_check');
  await knex.raw("alter table imports add constraint imports_kind_check check (kind in ('contacts', 'policies'))");
  await knex.schema.alterTable('imports', (table) => {
    table.dropColumn('insurer_id');
  });
}
