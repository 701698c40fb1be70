import type { Knex } from 'knex';

/**
 * A renewal's quotes become quotes like a deal's (#60): every renewal_quotes row moves to `quotes`
 * (renewal_id set; the premium as the total premium; the line, the insured item and the client the
 * policy's; the renewal's member responsible), a renewed renewal's chosen quote cannot be told apart
 * any more so all stay drafts; then renewal_quotes goes. A renewal of a policy recorded without a
 * client keeps its quotes: `quotes.contact_id` may be null (only there).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table quotes alter column contact_id drop not null');
  await knex.raw(`alter table quotes add constraint quotes_contact_check check (contact_id is not null or renewal_id is not null)`);
  await knex.raw(
    `insert into quotes (user_id, responsible_id, contact_id, renewal_id, insurer_id, line, total_premium, note,
                         insured_item, insured_plate, created_at, updated_at)
     select q.user_id, r.responsible_id, p.contact_id, q.renewal_id, q.insurer_id, coalesce(p.line, 'empresarial'), q.premium, q.note,
            p.insured_item, p.insured_plate, q.created_at, q.created_at
       from renewal_quotes q
       join renewals r on r.id = q.renewal_id
       join policies p on p.id = r.policy_id
      order by q.id`,
  );
  await knex.schema.dropTable('renewal_quotes');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('renewal_quotes', (table) => {
    table.increments('id');
    table.uuid('user_id').notNullable();
    table.integer('renewal_id').notNullable().references('id').inTable('renewals').onDelete('CASCADE');
    table.integer('insurer_id').notNullable();
    table.decimal('premium', 12, 2).notNullable();
    table.string('note', 500);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['renewal_id']);
  });
  await knex.raw('alter table renewal_quotes add constraint renewal_quotes_premium_check check (premium >= 0)');
  await knex.raw(
    `insert into renewal_quotes (user_id, renewal_id, insurer_id, premium, note, created_at)
     select user_id, renewal_id, insurer_id, total_premium, note, created_at from quotes where renewal_id is not null order by id`,
  );
  await knex.raw('delete from quotes where renewal_id is not null');
  await knex.raw('alter table quotes drop constraint quotes_contact_check');
  await knex.raw('alter table quotes alter column contact_id set not null');
}
