import type { ConsentPurpose, InteractionType } from './relationship-options';

/** One entry of a contact's timeline: immutable once written (no API edits or deletes it). */
export type TimelineEntry =
  | { id: number; kind: 'interaction'; type: InteractionType; note: string | null; at: string; by: string | null }
  | { id: number; kind: 'whatsapp'; templateName: string; purpose: ConsentPurpose; text: string; at: string; by: string | null }
  | { id: number; kind: 'consent'; purpose: ConsentPurpose; granted: boolean; at: string; by: string | null };

/** GET /api/contacts/{id}/timeline: the contact's consent now, and every entry, newest first. */
export interface ContactTimeline {
  contactId: number;
  consent: Record<ConsentPurpose, boolean>;
  entries: TimelineEntry[];
}

export interface MessageTemplate {
  id: number;
  name: string;
  purpose: ConsentPurpose;
  body: string;
}

/** POST /api/contacts/{id}/whatsapp: the link to open and the entry it recorded. */
export interface WhatsappLink {
  url: string;
  entry: TimelineEntry;
}

/** A contact's policies as a message fills its variables (GET /internal/finance/{userId}/contacts/{id}/policies). */
export interface ContactPolicySummary {
  id: number;
  policyNumber: string;
  renewalDate: string;
  insurerId: number | null;
  status: 'active' | 'expired' | 'cancelled';
}
