import type {
  ConversationCategory,
  TemplateCategory,
  WhatsappMessageKind,
  WhatsappMessageStatus,
  WhatsappProviderKind,
} from './whatsapp-options';

/** GET|PUT /api/whatsapp/settings: never the token or the secret, only whether they are kept. */
export interface WhatsappSettings {
  provider: WhatsappProviderKind;
  phoneNumberId: string | null;
  businessAccountId: string | null;
  hasToken: boolean;
  hasAppSecret: boolean;
  /** What Meta's webhook setup asks for, with the webhook's address (APP_URL + /api/whatsapp/webhook). */
  verifyToken: string;
  webhookUrl: string;
  /** Reais per conversation, on the wire ('0.35'), for the month's estimate. */
  rates: Record<ConversationCategory, string>;
  /** Which synced template carries each message template (its id, as text) outside the 24-hour window. */
  templateLinks: Record<string, number>;
  /** Assistants see only the conversations passed to them (as a producer sees their clients'), not every one. */
  assistantsOwnOnly: boolean;
}

/** A template the provider approved (or not yet), synced from it. */
export interface WhatsappTemplate {
  id: number;
  name: string;
  language: string;
  category: TemplateCategory;
  status: 'approved' | 'pending' | 'rejected';
  body: string;
}

export interface ConversationSummary {
  id: number;
  contact: { id: number; name: string; phone: string | null };
  assignedTo: string | null;
  lastMessageAt: string;
  lastMessagePreview: string;
  unreadCount: number;
  /** Until when free text may be sent (24 hours after the client's last message); null: never written. */
  windowOpenUntil: string | null;
  /** Whether that is still ahead, by the server's clock (the one the reply is held to). */
  windowOpen: boolean;
}

export interface ConversationMessage {
  id: number;
  direction: 'in' | 'out';
  kind: WhatsappMessageKind;
  text: string;
  templateName: string | null;
  category: ConversationCategory | null;
  status: WhatsappMessageStatus;
  /** Who sent it (a member's id); null for the client's and for automations. */
  sentBy: string | null;
  at: string;
  error: string | null;
  /**
   * A client's image, document or audio: its name and type, and whether it is in the store yet
   * (downloaded from GET /api/conversations/{id}/messages/{messageId}/media); `error` when it will not be.
   */
  media: { name: string | null; mimeType: string; size: number | null; ready: boolean; error: string | null } | null;
}

export interface ConversationThread {
  conversation: ConversationSummary;
  messages: ConversationMessage[];
  /** Whether the client agreed to marketing (a marketing template needs it). */
  marketingConsent: boolean;
}

/** GET /api/whatsapp/channel: how the brokerage sends (every member reads it: the ficha's button says so). */
export interface WhatsappChannel {
  provider: WhatsappProviderKind;
  /** Whether sends go through the brokerage's number now (the Cloud API, its credentials usable). */
  connected: boolean;
}

/**
 * GET /api/whatsapp/usage: a month's messages the brokerage sent through the provider, by the
 * category Meta bills (a template's; a reply inside the window is service), at the brokerage's rates.
 * Failed sends are not counted. Money on the wire in reais ('12.40').
 */
export interface WhatsappUsage {
  month: string;
  categories: { category: ConversationCategory; count: number; rate: string; cost: string }[];
  /** The client's messages received in the month (free: shown beside the cost). */
  received: number;
  total: string;
}

/**
 * What a product's own send did: went through the brokerage's number (its status, `failed` with a
 * task for the member), or is a wa.me link for the member to open (not connected, or — `notice` says
 * why — it could not go through the number now).
 */
export interface WhatsappAutomationResult {
  via: 'provider' | 'wame';
  url: string | null;
  status: WhatsappMessageStatus | null;
  notice: string | null;
}
