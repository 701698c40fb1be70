import { DEFAULT_IDLE_DAYS, type LineKey } from '@corretora/contracts';
import { BrokerScopedTable, clearingTransaction } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';

/** The catalogues' tables of a broker's records: what Limpar Dados resets, guarded by the account gate. */
export const CATALOGUE_ACCOUNT_TABLES = ['products', 'insurers', 'lead_sources', 'pipeline_stages'] as const;

/** What a new account starts with (all editable): the four stages, six products, eight insurers, six lead sources. */
/** Each with its line (contracts' lines.ts), whose IOF the finalize form suggests. */
export const DEFAULT_PRODUCTS = [
  { name: 'Seguro Auto', line: 'auto', iofRate: null },
  { name: 'Seguro Residencial', line: 'residencial', iofRate: null },
  { name: 'Seguro de Vida', line: 'vida', iofRate: null },
  { name: 'Seguro Empresarial', line: 'empresarial', iofRate: null },
  { name: 'Seguro Saúde', line: 'saude', iofRate: null },
  { name: 'Seguro Viagem', line: 'viagem', iofRate: null },
] satisfies { name: string; line: LineKey; iofRate: string | null }[];
export const DEFAULT_INSURERS = [
  'Porto Seguro',
  'Bradesco Seguros',
  'SulAmérica',
  'Allianz',
  'Tokio Marine',
  'Mapfre',
  'HDI Seguros',
  'Azul Seguros',
];
export const DEFAULT_LEAD_SOURCES = ['Indicação', 'Site', 'Instagram', 'WhatsApp', 'Google', 'Evento'];
export const DEFAULT_STAGES = [
  { key: 'leads', name: 'Contato', color: '#dc2626', order: 1 },
  { key: 'qualified', name: 'Negociação', color: '#ca8a04', order: 2 },
  { key: 'proposal', name: 'Fechamento', color: '#2563eb', order: 3 },
  { key: 'closed', name: 'Finalizado', color: '#16a34a', order: 4 },
].map((stage) => ({ ...stage, idleDays: DEFAULT_IDLE_DAYS[stage.key] ?? null }));

async function insertDefaults(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('products').insert(DEFAULT_PRODUCTS.map((product) => ({ userId, ...product })));
  await trx('insurers').insert(DEFAULT_INSURERS.map((name) => ({ userId, name })));
  await trx('lead_sources').insert(DEFAULT_LEAD_SOURCES.map((name) => ({ userId, name })));
  await trx('pipeline_stages').insert(DEFAULT_STAGES.map((stage) => ({ userId, ...stage })));
}

/** Serialises whatever creates an account's defaults, for the rest of the transaction. */
async function lockAccountDefaults(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtext('catalogues:defaults:' || ?))", [userId]);
}

/**
 * Creates the account's defaults the first time they are needed, exactly once (true when this call
 * created them): concurrent first
 * requests queue on a per-account transaction lock and all but the first find the marker. The lock
 * lives in the transaction's own connection, so waiting requests never starve the pool.
 */
export async function ensureDefaults(knex: Knex, userId: string): Promise<boolean> {
  const seeded = await tables.scoped(knex, 'seeded_accounts').of(userId).rows().first();
  if (seeded) return false;
  return knex.transaction(async (trx) => {
    await lockAccountDefaults(trx, userId);
    const marker = await trx('seeded_accounts').insert({ userId }).onConflict('user_id').ignore().returning('user_id');
    if (marker.length === 0) return false;
    await insertDefaults(trx, userId);
    return true;
  });
}

/**
 * Limpar Dados: the account's catalogues and stages become the defaults again, as one transaction
 * under the same per-account lock as the first seeding (so a first request racing it cannot seed a
 * second set). Safe to repeat: every call ends in the same state.
 */
export async function resetToDefaults(knex: Knex, userId: string): Promise<void> {
  // Limpar Dados' last step: its inserts pass the account gate that holds the account's own writes.
  await clearingTransaction(knex, async (trx) => {
    await lockAccountDefaults(trx, userId);
    for (const table of CATALOGUE_ACCOUNT_TABLES) await new BrokerScopedTable(knex, table).of(userId, trx).rows().delete();
    await trx('seeded_accounts').insert({ userId }).onConflict('user_id').ignore();
    await insertDefaults(trx, userId);
  });
}
