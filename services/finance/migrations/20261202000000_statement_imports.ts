import { createImportTables, dropImportTables } from '@corretora/service-kit';
import type { Knex } from 'knex';

/**
 * Insurers' statements are imported by finance (#36), where their lines live: the import engine's
 * tables in finance's schema. Their ids continue above every import id finance's rows already
 * name (statement lines and imported policies, written for the pipeline's imports until now), so
 * that the history the pipeline hands over keeps its ids and no new import takes one of them.
 */
export async function up(knex: Knex): Promise<void> {
  await createImportTables(knex, ['statement']);
  await knex.raw(
    `select setval(pg_get_serial_sequence('imports', 'id'),
       greatest(1, (select coalesce(max(import_id), 0) from statement_lines), (select coalesce(max(import_id), 0) from policies)))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await dropImportTables(knex);
}
