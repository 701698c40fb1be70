import type { Knex } from 'knex';

/**
 * WhatsApp on the client's record (#62):
 * - every message of a conversation, in or out, is an entry of the contact's timeline (kind 'message':
 *   the direction in `type`, the words in `text`); its delivery status is read from the message it names;
 * - a message the ficha or an automation sent through the provider (kind 'whatsapp') names its message too;
 * - the brokerage's message templates each name the Meta template that carries them outside the
 *   24-hour window (`whatsapp_settings.template_links`: message template id → synced template id);
 * - a template synced again keeps its id (a link survives Meta's list being read again).
 */
const KINDS_BEFORE = `(kind = 'interaction' and type in ('ligacao', 'whatsapp', 'email', 'reuniao')) or
  (kind = 'whatsapp' and template_name is not null and text is not null and purpose in ('servico', 'marketing')) or
  (kind = 'consent' and purpose in ('servico', 'marketing') and granted is not null) or
  (kind = 'sent' and type in ('comparison', 'disclosure') and text is not null and channel in ('email', 'whatsapp', 'download')) or
  (kind = 'portal' and type in ('claim', 'change', 'privacy', 'access') and text is not null)`;
const MESSAGE = `(kind = 'message' and type in ('in', 'out') and text is not null and whatsapp_message_id is not null)`;

async function kinds(knex: Knex, condition: string): Promise<void> {
  await knex.raw('alter table contact_timeline drop constraint contact_timeline_kind_check');
  await knex.raw(`alter table contact_timeline add constraint contact_timeline_kind_check check (${condition})`);
}

export async function up(knex: Knex): Promise<void> {
  // The entry goes with its message: only an erasure (or Limpar Dados) removes a conversation's messages.
  await knex.raw('alter table contact_timeline add column whatsapp_message_id integer references whatsapp_messages (id) on delete cascade');
  await knex.raw(
    'create index contact_timeline_whatsapp_message on contact_timeline (whatsapp_message_id) where whatsapp_message_id is not null',
  );
  await kinds(knex, `${KINDS_BEFORE} or ${MESSAGE}`);
  await knex.raw("alter table whatsapp_settings add column template_links jsonb not null default '{}'::jsonb");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("delete from contact_timeline where kind = 'message'");
  await kinds(knex, KINDS_BEFORE);
  await knex.raw('alter table contact_timeline drop column whatsapp_message_id');
  await knex.raw('alter table whatsapp_settings drop column template_links');
}
