import { FINANCE_OPERATIONS, type LineKey, type ReferenceData } from '@corretora/contracts';
import { type InternalClient } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';

const NAME = 'policies-line';

/**
 * Policies issued before lines took their line from their type (a Saúde product's
 * policies, typed business, read empresarial): the line is their card's product's. Finance cannot
 * read the cards nor the catalogues, so the pipeline sends, broker by broker, once, each issued
 * card's policy with its product's line (the catalogues' reference data). Marked done in
 * `backfills`; a failure (finance or catalogues not up yet) leaves it for the next start. Setting
 * the same line twice changes nothing, so two replicas starting together are harmless.
 */
export async function backfillPolicyLines(
  knex: Knex,
  finance: InternalClient,
  reference: (userId: string) => Promise<ReferenceData>,
): Promise<void> {
  if (await knex('backfills').where({ name: NAME }).first('name')) return;
  const cards = tables.scoped(knex, 'pipeline_cards');
  const contacts = tables.scoped(knex, 'contacts');
  // The brokers with issued cards: the one read that spans brokers, to know whose rows to read.
  const brokers = (await knex('pipeline_cards').distinct('userId').where({ status: 'issued' }).whereNotNull('policyId')) as {
    userId: string;
  }[];
  for (const { userId } of brokers) {
    const { rows } = await knex.raw<{ rows: { policyId: number; productId: number }[] }>(
      `select c.policy_id as "policyId", ct.product_id as "productId"
         from ? join ? on ct.id = c.contact_id
        where c.status = 'issued' and c.policy_id is not null and ct.product_id is not null
        order by c.id`,
      [cards.of(userId).from('c'), contacts.of(userId).from('ct')],
    );
    if (rows.length === 0) continue;
    const lines = new Map<number, LineKey>((await reference(userId)).products.map((product) => [product.id, product.line]));
    const policies = rows.flatMap((row) => {
      const line = lines.get(row.productId);
      return line ? [{ policyId: row.policyId, line }] : [];
    });
    for (let start = 0; start < policies.length; start += 500)
      await finance.call(FINANCE_OPERATIONS.setPolicyLines, { params: { userId }, body: { policies: policies.slice(start, start + 500) } });
  }
  await knex('backfills').insert({ name: NAME }).onConflict('name').ignore();
}
