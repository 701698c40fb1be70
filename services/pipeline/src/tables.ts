import { declareTables } from '@corretora/service-kit';

/**
 * The pipeline's tables of a brokerage's records (a `user_id` column), each with how the broker
 * scope narrows it for a member (the kit's declareTables). A migration's new table with a `user_id`
 * is listed here too, or the finance stack's test fails.
 */
export const tables = declareTables('pipeline', {
  // Whose client it is: a producer sees and works only theirs. The digest's sends and choice are each member's own.
  member: ['contacts', 'pipeline_cards', 'tasks', 'digest_sends', 'digest_preferences', 'conversations'],
  // The brokerage's as a whole (what a card or a client holds is reached through them, already scoped).
  brokerage: [
    'notes',
    'contact_timeline',
    'message_templates',
    'privacy_requests',
    'privacy_settings',
    'privacy_pending',
    'privacy_protocol_counters',
    'whatsapp_settings',
    'whatsapp_templates',
  ],
  through: {
    // A conversation's messages are whoever's the conversation is (the client's responsible, or whom it was passed to).
    whatsapp_messages: (prefix: string) =>
      `${prefix}conversation_id in (select o.id from conversations o where o.responsible_id = ?::uuid)`,
  },
  // A brokerage may narrow its assistants to the conversations passed to them (Configurações › WhatsApp).
  limitable: ['conversations', 'whatsapp_messages'],
});
