import type { Knex } from 'knex';

/**
 * A member's own photo (#58 item 2), beside the brokerage's: one per member of a brokerage, the
 * object's key in the store. The brokerage's first owner keeps theirs on the broker profile.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('member_photos', (table) => {
    table.uuid('user_id').notNullable();
    table.uuid('member_id').notNullable();
    table.string('photo_key', 200).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['user_id', 'member_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('member_photos');
}
