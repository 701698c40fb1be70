import type { InsuredItem } from '../vocabulary/insured-item';
import type { NextAction } from '../vocabulary/renewals-options';
import type { DocumentTypeValue, StageKey } from '../vocabulary/pipeline-options';
import type { Contact } from '../vocabulary/contact';

/** Card statuses: archived cards leave the board (listed by 'Ver Arquivados'); issued ones stay in Finalizado with 'Apólice emitida', not draggable. */
export type CardStatus = 'active' | 'archived' | 'issued';

export interface ContactNote {
  id: number;
  content: string;
  createdAt: string;
}

export interface ContactPage {
  items: Contact[];
  total: number;
  page: number;
  pageSize: number;
}

/** A card as the board and the archived grid show it, with its contact (one request, no N+1). */
export interface PipelineCard {
  id: number;
  contactId: number;
  stageId: number;
  stage: StageKey;
  status: CardStatus;
  /** When the card entered its current stage (days in stage, going cold). */
  stageEnteredAt: string;
  /** The member of the brokerage responsible for the card (its policy will be theirs). */
  responsibleId: string;
  archivedAt: string | null;
  archivedReason: string | null;
  insurerId: number | null;
  startDate: string | null;
  endDate: string | null;
  /** decimal(10,2) as '1248.00': a string in reais with two decimals, never a float */
  premioLiquido: string | null;
  iof: string | null;
  juros: string | null;
  totalPremium: string | null;
  commissionPercentage: string | null;
  commissionAmount: string | null;
  documentType: DocumentTypeValue | null;
  /** The policy issued from this card (status `issued`), in the finance service. */
  policyId: number | null;
  createdAt: string;
  updatedAt: string;
  /** The last thing done on the card or with its contact (a move, an edit, a logged call...): how cold it is against its stage's limit. */
  lastActivityAt: string;
  /** What the broker will do next, and when; null: 'sem próxima ação'. */
  nextAction: NextAction | null;
  /** What the deal insures (a vehicle, a property, the insured persons); null until the broker says. */
  insuredItem: InsuredItem | null;
  /** The quote the deal was closed with (finance's), when it was closed from one. */
  quoteId: number | null;
  contact: Contact;
}

/** A contact as another service asks after it: its name, the ways to reach it, and whether it is blocked (LGPD: nothing new is given to it). */
export interface ContactRef {
  id: number;
  name: string;
  blocked: boolean;
  email: string | null;
  /** National digits. */
  phone: string | null;
}

/** A card as another service asks after it (finance's quotes): whose deal it is and what it insures. */
export interface CardRef {
  id: number;
  contactId: number;
  responsibleId: string;
  status: CardStatus;
  productId: number | null;
  insuredItem: InsuredItem | null;
}

/** GET /api/pipeline-leads: the dashboard only asks whether there is any. */
export interface PipelineLead {
  id: number;
  name: string;
  stage: StageKey;
  createdAt: string;
}

export type ContactDetail = Contact & { notes: ContactNote[] };
