import { declareTables } from '@corretora/service-kit';

/**
 * Finance's tables of a brokerage's records (a `user_id` column), each with how the broker scope
 * narrows it for a member (the kit's declareTables). A migration's new table with a `user_id` is
 * listed here too, or the finance stack's test fails.
 */
export const tables = declareTables('finance', {
  // A producer's policies, their renewals, claims and documents; a repasse line is the member's it pays
  // (null: an angariador without a login, managers only). A quote is the member's whose deal it is.
  // Imports are the kit's engine's, declared there.
  // The months' totals (month-totals.ts) are per member too: a producer sums their own.
  member: [
    'policies',
    'renewals',
    'claims',
    'documents',
    'repasse_lines',
    'quotes',
    'quote_disclosures',
    'comparisons',
    'instalment_months',
    'instalment_days',
    'policy_months',
    'receivable_months',
    'receivable_days',
  ],
  brokerage: [
    'policy_instalments',
    'policy_participants',
    'commission_rules',
    'repasse_closings',
    'finance_settings',
    'quote_settings',
    'storage_usage',
    'claim_number_counters',
    'instalment_months_dirty',
    'policy_months_dirty',
  ],
  // What a portal's client reads (#61): the rows of the contacts holding their CPF/CNPJ (`?`: their ids).
  client: {
    policies: (prefix: string) => `${prefix}contact_id = any(?::int[])`,
    policy_instalments: (prefix: string) => `${prefix}policy_id in (select o.id from policies o where o.contact_id = any(?::int[]))`,
    claims: (prefix: string) => `${prefix}contact_id = any(?::int[])`,
    // A policy's documents and the photos of their claims: never what the brokerage keeps on the contact alone.
    documents: (prefix: string) =>
      `${prefix}policy_id in (select o.id from policies o where o.contact_id = any(?::int[]))
       or ${prefix}claim_id in (select o.id from claims o where o.contact_id = any(?::int[]))`,
    // A photo they send counts in the brokerage's storage (its one row of usage).
    storage_usage: () => 'true',
    // Whether an instalment of theirs was paid: the insurer's statement lines on it.
    statement_lines: (prefix: string) =>
      `${prefix}instalment_id in (select i.id from policy_instalments i join policies o on o.id = i.policy_id where o.contact_id = any(?::int[]))`,
  },
  through: {
    // An insurer's statement line is a producer's when it came in their own statement import or pays
    // one of their policies; one of neither (unidentified, or a colleague's) is the managers' to match.
    statement_lines: (prefix: string) =>
      `${prefix}import_id in (select o.id from imports o where o.responsible_id = ?::uuid)
       or ${prefix}policy_id in (select o.id from policies o where o.responsible_id = ?::uuid)`,
  },
});
