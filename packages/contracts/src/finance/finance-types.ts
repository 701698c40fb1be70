import type { ActivityEvent } from '../activity/activity';
import type { ClaimStatus, ClaimType, DocumentCategory, PolicyStatus, PolicyType } from './finance-options';

/** A policy as the API answers it; money as '1248.00' (decimal(10,2) travels as a string in reais with two decimals, never a float). */
export interface Policy {
  id: number;
  policyNumber: string;
  contactId: number | null;
  contactName: string;
  type: PolicyType;
  premium: string;
  /** The prêmio líquido ('1000.00'), what commission is paid on; null when unknown (commission then on the total). */
  netPremium: string | null;
  /** How its instalments are paid ('boleto', 'cartao', …); null when not informed. */
  paymentMethod: string | null;
  /** `expired` once the renewal date has passed, whatever is stored. */
  status: PolicyStatus;
  startDate: string | null;
  renewalDate: string;
  commissionType: 'percentage' | 'fixed';
  commissionValue: string;
  insurerId: number | null;
  cardId: number | null;
  createdAt: string;
}

export interface Claim {
  id: number;
  /** The human number, 'SIN-2026-000042'. */
  claimId: string;
  contactId: number;
  contactName: string;
  policyId: number | null;
  policyNumber: string | null;
  type: ClaimType;
  status: ClaimStatus;
  amount: string;
  description: string | null;
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
  contactName: string;
  type: PolicyType;
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
  /** The next N months from the current one: 'YYYY-MM', renewals in it and their commission (cents). */
  monthlyBreakdown: { month: string; renewals: number; expectedRevenue: number }[];
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
  recentActivity: ActivityEvent[];
}

export interface ClaimList {
  items: Claim[];
  activeCount: number;
}

/** A policy as an import compares it (GET /internal/finance/{userId}/policy-book): stored status, cents. */
export interface PolicyBookEntry {
  id: number;
  policyNumber: string;
  contactId: number | null;
  insurerId: number | null;
  type: PolicyType;
  startDate: string | null;
  renewalDate: string;
  premium: number;
  netPremium: number | null;
  commissionType: 'percentage' | 'fixed';
  /** Hundredths of a percent, or cents. */
  commissionValue: number;
  status: 'active' | 'cancelled';
}

/** What an import batch did to each policy: created, or updated with the values it replaced. */
export interface PolicyImportResult {
  line: number;
  policyId: number;
  created: boolean;
  /** Finance's clock when it wrote the policy: undo leaves a policy changed after it. */
  appliedAt: string;
  previous: Record<string, unknown> | null;
}

/** An instalment (parcela) of a policy: money as the API writes it ('123.45'). */
export interface PolicyInstalment {
  number: number;
  dueDate: string;
  premium: string;
  /** The commission expected on it (on the net premium), split like the premium. */
  expectedCommission: string;
  /** 'pending' (a receber) until a statement says otherwise. */
  status: 'pending';
  /** What a statement paid on it; null before any. */
  received: string | null;
  /** received - expected; null before any statement. */
  difference: string | null;
}
