import type { Knex } from 'knex';

/**
 * Quotes and the insured item.
 * - quotes: one insurer's offer on a deal, a pipeline card (`card_id`, the pipeline's) or a renewal
 *   (`renewal_id`), exactly one of the two; `responsible_id` is the deal's member (a producer sees only
 *   their own deals' quotes) and follows the client when it changes hands. Money numeric(13,2), the
 *   commission offered numeric(5,2) percent; payment options, franquia and coverages as JSON
 *   (read and written whole, never queried inside).
 * - insured_item (JSON) on quotes and policies, with `insured_plate`: the vehicle's plate in its
 *   Mercosul form (contracts' plateSearchKey), so the old and the new plate of a car find it.
 * - policies.quote_id: the quote a policy was issued from.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('quotes', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.uuid('responsible_id').notNullable();
    table.integer('contact_id').notNullable();
    table.integer('card_id');
    table.integer('renewal_id').references('id').inTable('renewals').onDelete('CASCADE');
    table.integer('insurer_id').notNullable();
    table.string('line', 40).notNullable();
    table.decimal('total_premium', 13, 2).notNullable();
    table.decimal('net_premium', 13, 2);
    table.decimal('iof', 13, 2);
    table.jsonb('payment_options').notNullable().defaultTo('[]');
    table.jsonb('deductible');
    table.jsonb('coverages').notNullable().defaultTo('[]');
    table.decimal('commission_percent', 5, 2);
    table.date('valid_until');
    table.string('insurer_quote_number', 40);
    table.integer('document_id').references('id').inTable('documents').onDelete('SET NULL');
    table.string('status', 12).notNullable().defaultTo('draft');
    table.jsonb('insured_item');
    table.string('insured_plate', 7);
    table.text('note');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['user_id', 'card_id']);
    table.index(['user_id', 'renewal_id']);
    table.index(['user_id', 'contact_id']);
  });
  await knex.raw(`alter table quotes add constraint quotes_deal_check check ((card_id is null) <> (renewal_id is null))`);
  await knex.raw(`alter table quotes add constraint quotes_status_check check (status in ('draft', 'recommended', 'sent', 'won', 'lost'))`);
  await knex.raw(
    `alter table quotes add constraint quotes_money_check
       check (total_premium >= 0 and coalesce(net_premium, 0) >= 0 and coalesce(iof, 0) >= 0
              and (commission_percent is null or commission_percent between 0 and 100))`,
  );
  await knex.raw(`create index quotes_plate on quotes (user_id, insured_plate) where insured_plate is not null`);

  await knex.raw('alter table policies add column insured_item jsonb');
  await knex.raw('alter table policies add column insured_plate varchar(7)');
  await knex.raw('alter table policies add column quote_id integer references quotes(id) on delete set null');
  await knex.raw(`create index policies_plate on policies (user_id, insured_plate) where insured_plate is not null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists policies_plate');
  await knex.raw('alter table policies drop column if exists quote_id');
  await knex.raw('alter table policies drop column if exists insured_plate');
  await knex.raw('alter table policies drop column if exists insured_item');
  await knex.schema.dropTableIfExists('quotes');
}
