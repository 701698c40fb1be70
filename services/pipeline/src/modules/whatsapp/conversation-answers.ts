import { WHATSAPP_WINDOW_HOURS, type ConversationMessage, type ConversationSummary } from '@corretora/contracts';

/** The 24-hour window after the client's last message, in milliseconds. */
export const WINDOW_MS = WHATSAPP_WINDOW_HOURS * 60 * 60 * 1000;

/** A conversation as the list's query reads it. */
export interface SummaryRow {
  id: number;
  contactId: number;
  contactName: string;
  contactPhone: string | null;
  responsibleId: string | null;
  lastMessageAt: Date;
  lastInboundAt: Date | null;
  lastMessagePreview: string;
  unreadCount: number;
}

/** A message as its table holds it: the answer's fields, with the instant as the column names it. */
export type MessageRow = Omit<ConversationMessage, 'at' | 'media'> & {
  createdAt: Date;
  mediaId: string | null;
  mediaName: string | null;
  mediaMime: string | null;
  mediaSize: number | null;
  mediaKey: string | null;
  mediaError: string | null;
};

export function summary(row: SummaryRow, now: Date): ConversationSummary {
  const until = row.lastInboundAt ? new Date(new Date(row.lastInboundAt).getTime() + WINDOW_MS) : null;
  return {
    id: row.id,
    contact: { id: row.contactId, name: row.contactName, phone: row.contactPhone },
    assignedTo: row.responsibleId,
    lastMessageAt: new Date(row.lastMessageAt).toISOString(),
    lastMessagePreview: row.lastMessagePreview,
    unreadCount: row.unreadCount,
    windowOpenUntil: until ? until.toISOString() : null,
    windowOpen: until !== null && until.getTime() > now.getTime(),
  };
}

/** The message as the API answers it: its own fields only (never the brokerage, the conversation or Meta's id). */
export function message(row: MessageRow): ConversationMessage {
  return {
    id: row.id,
    direction: row.direction,
    kind: row.kind,
    text: row.text,
    templateName: row.templateName,
    category: row.category,
    status: row.status,
    sentBy: row.sentBy,
    at: new Date(row.createdAt).toISOString(),
    error: row.error,
    media:
      row.mediaId || row.mediaKey
        ? {
            name: row.mediaName,
            mimeType: row.mediaMime ?? 'application/octet-stream',
            size: row.mediaSize,
            ready: row.mediaKey !== null,
            error: row.mediaError,
          }
        : null,
  };
}
