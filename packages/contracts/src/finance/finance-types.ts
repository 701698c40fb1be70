import type { ActivityEvent } from '../vocabulary/activity';
import type { LineKey } from '../vocabulary/lines';
import type { InsuredItem } from '../vocabulary/insured-item';
import type { StatementLineMatch, StatementLineType } from '../vocabulary/statement-lines';
import type { ClaimStatus, ClaimType, DocumentCategory, PolicyStatus, PolicyType } from '../vocabulary/finance-options';
import type { Policy } from './policy.schemas';
import type { ChargebackStep, InstalmentStatus } from '../vocabulary/receivables-options';
import type { LostReason, NextAction, RenewalBucket, RenewalOutcome } from '../vocabulary/renewals-options';

export interface Claim {
  id: number;
  /** The human number, 'SIN-2026-000042'. */
  claimId: string;
  contactId: number;
  contactName: string;
  policyId: number | null;
  policyNumber: string | null;
  /** Its policy still awaits the insurer's number (policyNumber is the provisional one). */
  policyAwaitingNumber: boolean;
  type: ClaimType;
  status: ClaimStatus;
  amount: string;
  description: string | null;
  /** The day it happened (YYYY-MM-DD), when recorded. */
  occurredAt: string | null;
  /** The insurer's own number of the claim, when it gave one. */
  insurerClaimNumber: string | null;
  /** The insurer of its policy (for the list), null without a policy. */
  insurerId: number | null;
  /** What its policy insures (which vehicle), null without a policy or an item recorded. */
  insuredItem: InsuredItem | null;
  dateFiled: string;
  updatedAt: string;
}

export interface StoredDocument {
  id: number;
  originalName: string;
  fileSize: number;
  mimeType: string;
  category: DocumentCategory;
  contactId: number | null;
  policyId: number | null;
  claimId: number | null;
  cardId: number | null;
  description: string | null;
  uploadedAt: string;
}

export interface DocumentList {
  items: StoredDocument[];
  counts: Record<DocumentCategory, number>;
  usedBytes: number;
  quotaBytes: number;
}

/** One row of GET /api/commissions; premium and commission in integer cents. */
export interface CommissionRow {
  id: number;
  policyNumber: string;
  /** Issued without the insurer's number: policyNumber is the provisional one, shown as 'Aguardando nº da seguradora'. */
  awaitingNumber: boolean;
  contactName: string;
  type: PolicyType;
  line: LineKey;
  premium: number;
  /** What the commission is computed on: the net premium, or the total where the net is unknown (cents). */
  commissionBase: number;
  calculatedCommission: number;
  commissionType: 'percentage' | 'fixed';
  commissionValue: string;
  renewalDate: string;
  monthsUntilRenewal: number;
  status: PolicyStatus;
}

export interface CommissionsSummary {
  /** Annual commission over the annual net premium of the active policies, in percent with 2 decimals ('12.50'). */
  averageCommissionRate: string;
  annualRevenue: number;
  monthlyRevenue: number;
  activePolicies: number;
  commissionsByType: Record<PolicyType, { revenue: number; count: number }>;
  /** The same by line (ramo): every line of lines.ts, in its order, zero where none. */
  commissionsByLine: Record<LineKey, { revenue: number; count: number }>;
  /** The next N months from the current one: 'YYYY-MM', the renewals in it and the commission its instalments expect (cents; Recebíveis' 'Previsto' for that month). */
  monthlyBreakdown: { month: string; renewals: number; expectedRevenue: number }[];
}

/** A page of a list: its rows, how many the whole list holds, and which page of what size this is. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface CommissionsResponse {
  policies: CommissionRow[];
  summary: CommissionsSummary;
}

/** The finance service's share of the dashboard. */
export interface FinanceStats {
  activePolicies: number;
  openClaims: number;
  pendingClaims: number;
  monthlyRevenue: number;
  renewingIn30Days: number;
  /** Commission expected on this month's instalments, less what statements already paid on them (cents). */
  receivableThisMonth: number;
  /** Instalments paid short, paid over or not paid: how many, and the sum of their differences (cents, absolute). */
  openDifferences: { count: number; amount: number };
  /** A producer's 'A receber de repasse': their repasse lines in months not closed yet (cents); null for other roles. */
  repasseDue: number | null;
  /** With repasseDue: the last month closed (its repasse paid), 'YYYY-MM'; null when none is. */
  repasseClosedUntil: string | null;
  recentActivity: ActivityEvent[];
}

export interface ClaimList {
  items: Claim[];
  activeCount: number;
}

/** An instalment (parcela) of a policy: money as the API writes it ('123.45'). */
export interface PolicyInstalment {
  number: number;
  dueDate: string;
  premium: string;
  /** The commission expected on it (on the net premium), split like the premium. */
  expectedCommission: string;
  /** pendente until a statement (or the calendar: não pago) says otherwise. */
  status: InstalmentStatus;
  /** The gross commission statements paid on it (estornos included); null before any. */
  received: string | null;
  /** received - expected; null before any statement. */
  difference: string | null;
  /** The boleto's or Pix's link the broker attached (the client opens it on the portal). */
  paymentLink: string | null;
}

/** GET|PUT /api/insurers/{id}/chargeback-rule. */
export interface ChargebackRule {
  insurerId: number;
  steps: ChargebackStep[];
  /** False while the insurer keeps the scale it started with (Porto's, or 100% in the first 6 months). */
  custom: boolean;
}

/** A stored statement line (a payment, an estorno, an adjustment). */
export interface StatementLine {
  id: number;
  importId: number;
  line: number;
  insurerId: number;
  policyNumber: string | null;
  endorsement: string | null;
  instalmentNumber: number | null;
  type: StatementLineType;
  gross: string;
  iss: string;
  irrf: string;
  net: string;
  paidOn: string | null;
  match: StatementLineMatch;
  note: string | null;
}

export interface ReceivableInstalment {
  instalmentId: number;
  policyId: number;
  policyNumber: string;
  /** The client's ficha, when the policy knows its contact. */
  contactId: number | null;
  contactName: string;
  number: number;
  dueDate: string;
  expected: string;
  received: string | null;
  difference: string | null;
  status: InstalmentStatus;
  lines: StatementLine[];
}

/** Money of a month (and insurer): expected vs received (gross), withheld and net apart. */
export interface ReceivableTotals {
  expected: string;
  received: string;
  difference: string;
  gross: string;
  iss: string;
  irrf: string;
  net: string;
  /** Chargebacks expected from policies cancelled this month. */
  chargebacks: string;
  /** Instalments whose difference is still open (pago a menor/a maior, não pago). */
  openDifferences: number;
}

export interface ReceivableRow extends ReceivableTotals {
  insurerId: number | null;
  insurerName: string;
  instalments: ReceivableInstalment[];
}

/** GET /api/receivables?month=YYYY-MM&insurerId=. */
export interface Receivables extends ReceivableTotals {
  month: string;
  insurerId: number | null;
  rows: ReceivableRow[];
  /** Lines paid this month that matched nothing. */
  unidentified: StatementLine[];
  /** The 12 months up to this one: expected vs received. */
  chart: { month: string; expected: string; received: string }[];
  settings: ReceivableSettings;
}

/** An insurer's row of Recebíveis' summary: its totals and how many instalments it has (read a page at a time). */
export interface ReceivableInsurerTotals extends ReceivableTotals {
  insurerId: number | null;
  insurerName: string;
  instalmentCount: number;
}

/** GET /api/receivables/summary: the month's figures as GET /api/receivables answers them, without the instalments. */
export interface ReceivablesSummary extends Omit<Receivables, 'rows'> {
  rows: ReceivableInsurerTotals[];
}

/** The broker's reconciliation settings. */
export interface ReceivableSettings {
  /** A difference up to this still reconciles ('0.05'). */
  tolerance: string;
  graceDays: number;
}

export interface RenewalQuote {
  id: number;
  insurerId: number;
  premium: string;
  note: string | null;
  createdAt: string;
}

/** An open renewal: the policy ending, how long is left and what the broker has done for it. */
export interface RenewalItem {
  id: number;
  policyId: number;
  policyNumber: string;
  /** The policy still awaits the insurer's number (policyNumber is the provisional one). */
  awaitingNumber: boolean;
  contactId: number | null;
  contactName: string;
  type: PolicyType;
  insurerId: number | null;
  /** Last year's premium ('1073.80'). */
  premium: string;
  /** What the policy insures (the vehicle, the property, the persons), null when not recorded. */
  insuredItem: InsuredItem | null;
  renewalDate: string;
  daysLeft: number;
  bucket: RenewalBucket;
  /** The member of the brokerage responsible for it (the policy's). */
  responsibleId: string;
  quotes: RenewalQuote[];
  /** Auto: renewed by this date, the bonus class is kept and gains one; null for other lines. */
  bonusKeptUntil: string | null;
  /** Moving to another insurer now: what its scale would take back (null when no quote is from another insurer). */
  switchChargeback: { percent: string; amount: string } | null;
  /** What the broker will do next, and when; null: 'sem próxima ação'. */
  nextAction: NextAction | null;
}

export interface RenewalList {
  /** One page of the bucket asked for (or of every open renewal), the soonest first. */
  items: RenewalItem[];
  counts: Record<RenewalBucket, number>;
  total: number;
  page: number;
  pageSize: number;
}

/** What an outcome did: the renewal, and the next term's policy when renewed. */
export interface RenewalDecision {
  id: number;
  outcome: RenewalOutcome;
  reason: LostReason | null;
  newPolicy: Policy | null;
}

/** Retention: renewals due in a month (by insurer) against those renewed, count and premium. */
export interface RenewalReportRow {
  month: string;
  insurerId: number | null;
  insurerName: string;
  due: number;
  renewed: number;
  lost: number;
  duePremium: string;
  renewedPremium: string;
  /** renewed ÷ due, '0.75'; null when nothing was due. */
  rate: string | null;
}
