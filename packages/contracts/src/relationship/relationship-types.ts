import type { LineKey } from '../vocabulary/lines';
import type { ClaimStatus, DocumentCategory } from '../vocabulary/finance-options';
import type { InstalmentStatus } from '../vocabulary/receivables-options';
import type { NextActionType } from '../vocabulary/renewals-options';
import type { Contact } from '../vocabulary/contact';
import type { StageKey } from '../vocabulary/pipeline-options';
import type { ConsentPurpose, InteractionType, PortalEvent, SentChannel, SentWhat } from './relationship-options';
import type { WhatsappMessageStatus } from '../vocabulary/message-statuses';

/** One entry of a contact's timeline: immutable once written (no API edits or deletes it). */
export type TimelineEntry =
  | { id: number; kind: 'interaction'; type: InteractionType; note: string | null; at: string; by: string | null }
  /**
   * A message template sent: by a wa.me link the member opened (`status` null), or through the
   * brokerage's number on the Cloud API (#62), with the message's delivery status now.
   */
  | {
      id: number;
      kind: 'whatsapp';
      templateName: string;
      purpose: ConsentPurpose;
      text: string;
      at: string;
      by: string | null;
      status?: WhatsappMessageStatus | null;
    }
  | { id: number; kind: 'consent'; purpose: ConsentPurpose; granted: boolean; at: string; by: string | null }
  /** A document sent to the client: a comparison of quotes, a CNSP 382 disclosure (with its SHA-256). */
  | { id: number; kind: 'sent'; what: SentWhat; text: string; channel: SentChannel; sha256: string | null; at: string; by: string | null }
  /** What the client did on the portal (#61): `by` names them, marked as the client. */
  | { id: number; kind: 'portal'; event: PortalEvent; text: string; at: string; by: string | null }
  /** A message of the client's WhatsApp conversation (#62): theirs ('in') or the brokerage's ('out'), with its status (null: the conversation is another member's now). */
  | {
      id: number;
      kind: 'message';
      direction: 'in' | 'out';
      text: string;
      status: WhatsappMessageStatus | null;
      at: string;
      by: string | null;
    };

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

/**
 * POST /api/contacts/{id}/whatsapp: the wa.me link to open and the entry it recorded; when the
 * brokerage's number is on the Cloud API (#62) the message went through it instead: no link (`url`
 * null) and the message sent, with its status.
 */
export interface WhatsappLink {
  url: string | null;
  entry: TimelineEntry;
  message?: { id: number; text: string; templateName: string | null; status: WhatsappMessageStatus };
}

/** A contact's policies as a message fills its variables (GET /internal/finance/{userId}/contacts/{id}/policies). */
export interface ContactPolicySummary {
  id: number;
  policyNumber: string;
  /** Its number is still the provisional one: a message may not quote it to the client. */
  awaitingNumber: boolean;
  renewalDate: string;
  insurerId: number | null;
  status: 'active' | 'expired' | 'cancelled';
}

/**
 * One entry of Minhas tarefas: a card's or a renewal's next action, or an open renewal without one
 * (due on the policy's end, `type: null`).
 */
export interface Task {
  /** 'card-12', 'renewal-34', 'policy-56', 'task-78' (see TASK_ID_PATTERN). */
  id: string;
  /** A card's next action, a renewal, a policy awaiting the insurer's number, or a task the broker wrote. */
  kind: 'card' | 'renewal' | 'policy' | 'task';
  sourceId: number;
  /** The instant it is due (a next action's), or the renewal's end day at 09:00 in São Paulo. */
  dueAt: string;
  /** Whether the hour of dueAt was chosen (a task written with a time, a next action); else only its day counts. */
  timed: boolean;
  window: 'overdue' | 'today' | 'upcoming';
  type: 'ligar' | 'whatsapp' | 'email' | 'reuniao' | 'enviar_cotacao' | null;
  note: string | null;
  contactId: number | null;
  /** The card it is about (a card's next action, or a written task tied to one). */
  cardId: number | null;
  /** The policy it is about (a renewal's, one awaiting its number, or a written task tied to one). */
  policyId: number | null;
  /** Who it is about (the contact's name); a written task's own title. */
  title: string;
  /** What it is about: the card's stage, or 'Renovação da apólice N (vence dd/mm/aaaa)'. */
  detail: string;
  /** Written for the client's ask on the portal (#61): a claim reported, a change asked for. */
  fromPortal: boolean;
}

export interface TaskList {
  tasks: Task[];
  counts: Record<'overdue' | 'today' | 'upcoming', number>;
}

/** GET /api/tasks/page: a page of one list (`when`: the one asked, or the one the screen opens on) and every list's count. */
export interface TaskPage {
  items: Task[];
  total: number;
  page: number;
  pageSize: number;
  when: 'overdue' | 'today' | 'upcoming';
  counts: Record<'overdue' | 'today' | 'upcoming', number>;
}

/** Finance's tasks of one list (the first ones, in order) and its count of every list: Minhas tarefas a page at a time. */
export interface FinanceTaskWindow {
  renewals: RenewalTaskRow[];
  awaiting: PolicyNumberTaskRow[];
  counts: Record<'overdue' | 'today' | 'upcoming', number>;
}

/** A renewal as the task lists need it (finance answers pipeline). */
export interface RenewalTaskRow {
  id: number;
  policyId: number;
  policyNumber: string;
  contactId: number | null;
  contactName: string;
  renewalDate: string;
  nextAction: { dueAt: string; type: 'ligar' | 'whatsapp' | 'email' | 'reuniao' | 'enviar_cotacao'; note: string | null } | null;
}

/** A policy awaiting the insurer's number as the task lists need it (finance answers pipeline). */
export interface PolicyNumberTaskRow {
  id: number;
  /** The provisional number it holds meanwhile. */
  policyNumber: string;
  contactId: number | null;
  contactName: string;
  /** The São Paulo day it was issued. */
  issuedOn: string;
  /** The day the task is due: the issue day, or the day the broker snoozed it to. */
  remindOn: string;
}

/** One day's digest e-mail of a broker: sent once, retried when it fails. */
export interface DigestSend {
  day: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  overdue: number;
  today: number;
  sentAt: string | null;
  lastError: string | null;
  nextAttemptAt: string | null;
}

/**
 * The ficha's one call to finance (GET /internal/finance/{userId}/contacts/{id}/ficha?until=): what it
 * knows of the client and the client's renewals and policies awaiting their number that are work by `until`.
 */
export interface ContactFinanceFicha {
  overview: ContactFinanceOverview;
  tasks: Pick<FinanceTaskWindow, 'renewals' | 'awaiting'>;
}

/** What finance knows of one client (GET /internal/finance/{userId}/contacts/{id}/overview). */
export interface ContactFinanceOverview {
  /** Newest first; money as '1248.00'. */
  policies: {
    id: number;
    policyNumber: string;
    awaitingNumber: boolean;
    line: LineKey;
    insurerId: number | null;
    startDate: string | null;
    renewalDate: string;
    premium: string;
    status: 'active' | 'expired' | 'cancelled';
    /** What it insures, in a line ('Onix 1.0 2023 · ABC1D23'); '' when not said. */
    insured: string;
  }[];
  /** Instalments whose commission is still open: due in the next 30 days, late, or paid short. */
  instalments: {
    policyId: number;
    policyNumber: string;
    number: number;
    dueDate: string;
    premium: string;
    expectedCommission: string;
    status: InstalmentStatus;
  }[];
  claims: {
    id: number;
    claimNumber: string;
    status: ClaimStatus;
    /** What happened: the claim's type (a CLAIM_TYPES value, 'colisao') and its description. */
    type: string;
    description: string | null;
    amount: string;
    occurredAt: string | null;
    policyNumber: string | null;
  }[];
  documents: {
    id: number;
    originalName: string;
    category: DocumentCategory;
    uploadedAt: string;
    policyId: number | null;
    claimId: number | null;
  }[];
  /** Open renewals. */
  renewals: { id: number; policyId: number; policyNumber: string; dueDate: string }[];
}

/** A client whole (GET /api/contacts/{id}/overview): the ficha's first view in one request. */
export interface ContactOverview extends ContactFinanceOverview {
  contact: Contact;
  /** Open cards of the pipeline. */
  cards: {
    id: number;
    stageKey: StageKey;
    stageName: string;
    stageEnteredAt: string;
    nextAction: { dueAt: string; type: NextActionType } | null;
  }[];
  /** The client's tasks due in the next 30 days or late, soonest first. */
  tasks: Task[];
  /** The last ten entries of the timeline, newest first. */
  timeline: TimelineEntry[];
  /** Finance did not answer: its lists are empty here and the page says so. */
  unavailable: 'finance'[];
  /**
   * Blocked by a deletion request (LGPD): kept only for its policies' retention, until this day
   * (ISO); no messages, edits or exports. Null for every other contact.
   */
  blockedUntil: string | null;
  /**
   * The data subject asked to be erased while a contract runs (ISO day of the request): their
   * contact data stays for the contract, marketing ended; the rest goes when it ends. Null otherwise.
   */
  erasureRequestedOn: string | null;
}

/** Whose daily digest has work in it: a member (`memberId`) of a brokerage (`userId`). */
export interface TaskOwner {
  userId: string;
  memberId: string;
}
