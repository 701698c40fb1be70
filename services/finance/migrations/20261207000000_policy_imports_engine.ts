import type { Knex } from 'knex';

/** Where finance's import ids start from now on: the pipeline's never get there. */
const FIRST_ID = 1_000_000_000;

/**
 * Policies imports run in finance, where their policies live (#36): the imports table takes the
 * kind and the member the records are given to (`assigned_to`, as the pipeline's since #38). Both
 * services answer /api/imports (the pipeline hands on an id it does not hold), so an id must be one
 * service's: finance's new imports are numbered from one billion, far above any the pipeline
 * numbers (its own sequence), while what the pipeline hands over keeps its id when it is free here.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table imports drop constraint imports_kind_check');
  await knex.raw(
    "alter table imports add constraint imports_kind_check check (kind in ('statement', 'policies') and (kind = 'statement') = (insurer_id is not null))",
  );
  await knex.raw('alter table imports add column assigned_to uuid');
  await knex.raw(
    `select setval(pg_get_serial_sequence('imports', 'id'), greatest(?::bigint, (select coalesce(max(id), 0) from imports)))`,
    [FIRST_ID - 1],
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("delete from imports where kind = 'policies'");
  await knex.raw('alter table imports drop column assigned_to');
  await knex.raw('alter table imports drop constraint imports_kind_check');
  await knex.raw(
    "alter table imports add constraint imports_kind_check check (kind in ('statement') and (kind = 'statement') = (insurer_id is not null))",
  );
}
