import type { Knex } from 'knex';

/**
 * What the policy book needs of the instalments kept above it: when a policy's figures change
 * (issued again, imported, renewed, a payment plan), its plan is worked out again in the same
 * transaction. The instalments module implements it and app.ts hands it down, so the book never
 * imports a module that sits on top of it.
 */
export interface InstalmentPlans {
  replan(trx: Knex.Transaction, userId: string, policyIds: readonly number[]): Promise<void>;
}
