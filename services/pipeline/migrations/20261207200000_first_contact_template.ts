import type { Knex } from 'knex';

/**
 * Brokerages seeded before #57 get the lead's first-contact template too (the defaults' new first),
 * after their own, unless they already have one of that name or are at the 30-template limit. The
 * text is written out here: a migration never changes.
 */
const NAME = 'Primeiro contato';
const BODY =
  'Olá, {nome}! Recebemos o seu pedido de cotação de seguro. Posso te fazer algumas perguntas para preparar as melhores opções para você?';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `insert into message_templates (user_id, name, purpose, body, position)
     select user_id, ?, 'servico', ?, max(position) + 1 from message_templates
      group by user_id
     having count(*) < 30 and not bool_or(name = ?)`,
    [NAME, BODY, NAME],
  );
}

export async function down(): Promise<void> {
  // The brokerages' templates are theirs once written: nothing to undo.
}
