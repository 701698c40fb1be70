import { FINANCE_OPERATIONS } from '@corretora/contracts';
import { BrokerScopedTable, type InternalClient } from '@corretora/service-kit';
import type { Knex } from 'knex';

const NAME = 'policies-net-premium';

/**
 * Policies issued before finance kept the net premium get it from their card's prêmio líquido
 * (commission is paid on it, #24): finance cannot read the cards and the pipeline cannot write
 * policies, so the pipeline sends them, broker by broker, once. Finance only fills a net premium
 * that is missing, so two replicas starting together, or a retry after a failure, change nothing
 * twice. Marked done in `backfills`; a failure (finance not up yet) leaves it for the next start.
 */
export async function backfillNetPremiums(knex: Knex, finance: InternalClient): Promise<void> {
  if (await knex('backfills').where({ name: NAME }).first('name')) return;
  const cards = new BrokerScopedTable(knex, 'pipeline_cards');
  // The brokers with issued cards: the one read that spans brokers, to know whose rows to read.
  const brokers = (await knex('pipeline_cards').distinct('userId').where({ status: 'issued' }).whereNotNull('policyId')) as {
    userId: string;
  }[];
  for (const { userId } of brokers) {
    const rows = (await cards
      .of(userId)
      .rows()
      .where({ status: 'issued' })
      .whereNotNull('policyId')
      .whereNotNull('premioLiquido')
      .orderBy('id')
      .select('policyId', knex.raw('premio_liquido::text as "netPremium"'))) as { policyId: number; netPremium: string }[];
    for (let start = 0; start < rows.length; start += 500)
      await finance.call(FINANCE_OPERATIONS.setNetPremiums, { params: { userId }, body: { policies: rows.slice(start, start + 500) } });
  }
  await knex('backfills').insert({ name: NAME }).onConflict('name').ignore();
}
