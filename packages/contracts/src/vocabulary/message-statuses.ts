/**
 * A WhatsApp message's state (#62), on the floor: the conversations' domain and the timeline's both
 * name it. An inbound message is received; an outbound one goes sent → delivered → read, or failed.
 */
export const MESSAGE_STATUSES = [
  { value: 'received', label: 'Recebida' },
  { value: 'sending', label: 'Enviando' },
  { value: 'sent', label: 'Enviada' },
  { value: 'delivered', label: 'Entregue' },
  { value: 'read', label: 'Lida' },
  { value: 'failed', label: 'Não enviada' },
] as const;
export type WhatsappMessageStatus = (typeof MESSAGE_STATUSES)[number]['value'];
