import type { LineKey } from '../vocabulary/lines';
import type { BusinessKind, ParticipantRole } from './repasse.schemas';
import type { Policy } from './policy.schemas';

/** One of a member's rules: the percent of the net commission for an insurer × line × business (null: any). */
export interface CommissionRule {
  insurerId: number | null;
  line: LineKey | null;
  business: BusinessKind;
  percent: number;
}

/** GET|PUT /api/team/members/{id}/commission-rules. `default` null: no default (nothing is paid without a rule). */
export interface CommissionRules {
  memberId: string;
  default: number | null;
  rules: CommissionRule[];
}

/** Who a policy's commission is split between: a member, or an angariador without a login (named, with their percent). */
export interface PolicyParticipant {
  memberId: string | null;
  name: string | null;
  role: ParticipantRole;
  /** Percent of the policy's commission (the shares add up to 100). */
  share: number;
  /** An angariador without a login's percent of the net commission (a member's comes from their rules). */
  percent: number | null;
}

/** A policy as GET /api/policies/{id} and its PATCH answer it: with its participants. */
export type PolicyDetail = Policy & { participants: PolicyParticipant[] };

export type RepasseKind = 'repasse' | 'estorno' | 'ajuste';

/** One line of the ledger: what one participant is owed of one commission received (or taken back). */
export interface RepasseLine {
  id: number;
  /** The member paid; null for an angariador without a login (participantName). */
  memberId: string | null;
  participantName: string | null;
  role: ParticipantRole;
  /** The month it counts in, 'YYYY-MM'. */
  month: string;
  kind: RepasseKind;
  policyId: number | null;
  policyNumber: string | null;
  contactName: string | null;
  /** The commission received (the statement line's net), '143.75'; negative for an estorno. */
  base: string;
  share: number;
  percent: number;
  amount: string;
  createdAt: string;
  /** The instalment the statement paid, 'n/N'; null for a line without one (an adjustment). */
  instalment: string | null;
  /** The day the insurer paid it (YYYY-MM-DD); null when the statement did not say. */
  paidOn: string | null;
}

/** Per participant in the month: how many lines and their total. */
export interface RepasseTotal {
  memberId: string | null;
  participantName: string | null;
  lines: number;
  total: string;
}

/** GET /api/repasse: a month's lines (up to 5,000, newest first), its total and whether it is closed. */
export interface RepasseMonth {
  month: string;
  closed: boolean;
  /** The last month closed ('YYYY-MM'); every month up to it is frozen. */
  closedUntil: string | null;
  rows: RepasseLine[];
  total: string;
  /** How many lines the month has (rows shows the first 5,000). */
  count: number;
  byParticipant: RepasseTotal[];
}

/** POST /api/repasse/{month}/close. */
export interface RepasseClosing {
  month: string;
  total: string;
  closedAt: string;
}
