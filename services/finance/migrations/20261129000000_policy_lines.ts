import type { Knex } from 'knex';

/**
 * A policy's line (#34 item 2), a key of contracts' lines.ts; `type` stays, derived from it, for the
 * wire of before lines. Existing policies take their type's line (auto, home → residencial, life →
 * vida, business → empresarial); the pipeline then sends the line of each issued card's product once
 * (backfills: 'policies-line'), so a Saúde product's policies, typed business until now, become saude.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('policies', (table) => {
    table.string('line', 30);
  });
  await knex.raw(
    `update policies set line = case type when 'auto' then 'auto' when 'home' then 'residencial' when 'life' then 'vida' else 'empresarial' end`,
  );
  await knex.raw('alter table policies alter column line set not null');
  await knex.raw('create index policies_user_line on policies (user_id, line)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('policies', (table) => {
    table.dropColumn('line');
  });
}
