import type { Knex } from 'knex';

/** A renewal's next action (#25): when, what (ligar, WhatsApp, e-mail, reunião, enviar cotação) and a note. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('renewals', (table) => {
    table.timestamp('next_action_at', { useTz: true });
    table.string('next_action_type', 20);
    table.string('next_action_note', 500);
  });
  await knex.raw(
    `alter table renewals add constraint renewals_next_action_check check (
       (next_action_at is null and next_action_type is null and next_action_note is null) or
       (next_action_at is not null and next_action_type in ('ligar', 'whatsapp', 'email', 'reuniao', 'enviar_cotacao')))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table renewals drop constraint renewals_next_action_check');
  await knex.schema.alterTable('renewals', (table) => {
    table.dropColumn('next_action_at');
    table.dropColumn('next_action_type');
    table.dropColumn('next_action_note');
  });
}
