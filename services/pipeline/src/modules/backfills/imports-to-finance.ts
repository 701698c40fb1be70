import { IMPORT_OPERATIONS, type ImportKind } from '@corretora/contracts';
import { handOverImports, type InternalClient } from '@corretora/service-kit';
import type { Knex } from 'knex';

/**
 * Kinds of import this service ran and finance runs now, where their rows live: their
 * imports (summaries, rows within the 30 days of undo, the mappings remembered) are handed over
 * to finance once, keeping their ids where finance has them free, and go from here. Marked done in
 * `backfills`; a failure (finance not up yet) leaves what is left for the next try, and finance
 * takes a part it already has as done.
 */
async function handOver(knex: Knex, finance: InternalClient, name: string, kinds: readonly ImportKind[]): Promise<void> {
  if (await knex('backfills').where({ name }).first('name')) return;
  await handOverImports(knex, kinds, (userId, part) => finance.call(IMPORT_OPERATIONS.handOverImports, { params: { userId }, body: part }));
  await knex('backfills').insert({ name }).onConflict('name').ignore();
}

/** Insurers' statements: their lines are finance's (and name the statements' ids). */
export const handOverStatementImports = (knex: Knex, finance: InternalClient) =>
  handOver(knex, finance, 'statement-imports-to-finance', ['statement']);

/**
 * Policies imports: their policies are finance's. The contacts they created keep the id they were
 * created under, which finance's undo sends with the import's own (`moved_from`).
 */
export const handOverPolicyImports = (knex: Knex, finance: InternalClient) =>
  handOver(knex, finance, 'policy-imports-to-finance', ['policies']);
