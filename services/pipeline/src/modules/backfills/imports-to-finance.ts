import { IMPORT_OPERATIONS } from '@corretora/contracts';
import { handOverImports, type InternalClient } from '@corretora/service-kit';
import type { Knex } from 'knex';

const NAME = 'statement-imports-to-finance';

/**
 * Insurers' statements are imported by finance since #36, where their lines live: the statements
 * this service ran before (their summaries, rows within the 30 days of undo, the mappings
 * remembered per insurer) are handed over to finance once, keeping their ids (finance's lines name
 * them), and go from here. Marked done in `backfills`; a failure (finance not up yet) leaves what
 * is left for the next try, and finance takes a part it already has as done.
 */
export async function handOverStatementImports(knex: Knex, finance: InternalClient): Promise<void> {
  if (await knex('backfills').where({ name: NAME }).first('name')) return;
  await handOverImports(knex, ['statement'], (userId, part) =>
    finance.call(IMPORT_OPERATIONS.handOverImports, { params: { userId }, body: part }),
  );
  await knex('backfills').insert({ name: NAME }).onConflict('name').ignore();
}
