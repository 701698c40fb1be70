/**
 * 'Atividade Recente': the account's last 10 events (lead created, stage changed, card archived or restored, policy issued, claim status changed, document uploaded), newest first. Each service records
 * the events of its own writes, in the write's transaction, with the names as they were then (a
 * contact renamed later does not rewrite history); the dashboard merges the services' latest.
 */
export const ACTIVITY_TYPES = [
  'lead_created',
  'stage_changed',
  'card_archived',
  'card_restored',
  'policy_issued',
  'claim_status_changed',
  'document_uploaded',
  'import_done',
  'import_undone',
  'contacts_merged',
  'statement_imported',
  'statement_undone',
  'policy_chargeback',
  'policy_number_set',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** How many events the dashboard shows, and each service answers at most. */
export const RECENT_ACTIVITY_LIMIT = 10;

export interface ActivityEvent {
  /** Unique across services: `<service>-<id>`. */
  id: string;
  type: ActivityType;
  /** Who or what it is about: the contact's name, the policy or claim number, the file's name. */
  subject: string;
  /** The stage's name, the claim's new status, the document's category, the policy's contact. */
  detail: string | null;
  /** The client it is about (their ficha), when it is about one. */
  contactId: number | null;
  /** ISO timestamp. */
  at: string;
}
