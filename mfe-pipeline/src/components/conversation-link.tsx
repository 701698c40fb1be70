import { WHATSAPP_OPERATIONS, formatDateTime } from '@corretora/contracts';
import { Link, useOperation } from '@corretora/web-kit';
import { Caption1 } from '@corretora/web-kit/fluent/core';

/** The client's WhatsApp conversation, when the member may open it (a conversation passed to another is theirs). */
function useClientConversation(contactId: number) {
  return useOperation(WHATSAPP_OPERATIONS.conversations, { query: { contactId: String(contactId) } }).data?.[0];
}

/** "Em Conversas": the way from the client's record to their conversation. */
export function ConversationLink({ contactId }: { contactId: number }) {
  const conversation = useClientConversation(contactId);
  return conversation ? <Link to={`/conversations?conversa=${conversation.id}`}>Em Conversas</Link> : null;
}

/**
 * The client's thread where a deal is worked (the board's card): its last message, when, what is
 * unread, and the way into it. Nothing while the client has no conversation the member may open.
 */
export function ConversationLine({ contactId }: { contactId: number }) {
  const conversation = useClientConversation(contactId);
  if (!conversation) return null;
  const unread =
    conversation.unreadCount > 0 ? ` · ${conversation.unreadCount} não ${conversation.unreadCount === 1 ? 'lida' : 'lidas'}` : '';
  return (
    <Caption1>
      {`WhatsApp: ${conversation.lastMessagePreview || 'sem mensagens'} · ${formatDateTime(conversation.lastMessageAt)}${unread} · `}
      <Link to={`/conversations?conversa=${conversation.id}`}>Em Conversas</Link>
    </Caption1>
  );
}
