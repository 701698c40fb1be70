import type { Knex } from 'knex';

/**
 * An import's records can be given to another member (#38: "imports take it from the importer's
 * choice"): `assigned_to`, set by an owner or admin when committing; none means the importer's
 * (`responsible_id`). Read from the row by every batch, so a commit resumed by another replica
 * gives the records to the same member.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table imports add column assigned_to uuid');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table imports drop column assigned_to');
}
