import { trigramOpclass } from '@corretora/service-kit';
import type { Knex } from 'knex';

/**
 * The top bar's search (#35 item 2) finds a policy by its number or its proposal's, and a claim by
 * ours (SIN-2026-7) or the insurer's, as typed: separators and case aside (contracts' `numberKey`
 * folds a query the same way). Each row keeps its numbers' keys, space apart, as a stored generated
 * column: a query key (letters and digits only) never matches across the space. Trigram GIN indexes
 * (pg_trgm) answer LIKE '%…%' on them (`npm run bench:search`: 100,000 policies).
 */
const KEY = (column: string) => `regexp_replace(upper(coalesce(${column}, '')), '[^0-9A-Z]', '', 'g')`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `alter table policies add column number_keys text generated always as (${KEY('policy_number')} || ' ' || ${KEY('proposal_number')}) stored`,
  );
  await knex.raw(
    `alter table claims add column number_keys text generated always as (${KEY('claim_id')} || ' ' || ${KEY('insurer_claim_number')}) stored`,
  );
  const opclass = await trigramOpclass(knex);
  await knex.raw(`create index policies_number_keys on policies using gin (number_keys ${opclass})`);
  await knex.raw(`create index claims_number_keys on claims using gin (number_keys ${opclass})`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists policies_number_keys, claims_number_keys');
  await knex.raw('alter table policies drop column if exists number_keys');
  await knex.raw('alter table claims drop column if exists number_keys');
}
