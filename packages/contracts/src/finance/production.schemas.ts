import * as v from 'valibot';
import { LINE_KEYS, type LineKey } from '../vocabulary/lines';
import { wireMonth } from '../wire-fields';

const MONTH = wireMonth('Mês inválido: use AAAA-MM');
/** The longest period Equipe › Produção shows at once. */
export const PRODUCTION_MAX_MONTHS = 24;

/**
 * GET /api/team/production (and .csv): the team's production per member and month,
 * from `from` to `to` (months, inclusive; the last 6 months by default), optionally one line.
 */
export const ProductionQuerySchema = v.object({
  from: v.optional(MONTH),
  to: v.optional(MONTH),
  line: v.optional(v.picklist(['all', ...LINE_KEYS], 'Ramo inválido'), 'all'),
});
export type ProductionQuery = v.InferOutput<typeof ProductionQuerySchema>;

/** GET /internal/pipeline/{userId}/production: the pipeline's half (leads and their conversion, overdue work). */
export const PipelineProductionQuerySchema = v.object({ from: MONTH, to: MONTH });
export type PipelineProductionQuery = v.InferOutput<typeof PipelineProductionQuerySchema>;

/** One member's month. Money in cents. */
export interface ProductionRow {
  memberId: string;
  /** YYYY-MM. */
  month: string;
  /** Policies that started in the month and renew none (a renewal's next term is counted as kept). */
  newPolicies: number;
  /** Their total premium and their commission (as Comissões computes it). */
  premium: number;
  commission: number;
  /** Leads created in the month (cards), and how many of those became a policy. */
  leads: number;
  won: number;
  /** Renewals due in the month: renewed, lost. */
  renewalsKept: number;
  renewalsLost: number;
}

export interface ProductionReport {
  from: string;
  to: string;
  line: LineKey | 'all';
  /** Only the member-months with something in them, by month then member. */
  rows: ProductionRow[];
  /** Each member's work overdue today (Minhas tarefas' own list). */
  overdueTasks: { memberId: string; count: number }[];
  /** The pipeline did not answer: leads, conversion and overdue work are missing, not zero. */
  unavailable: 'pipeline'[];
}

/** The pipeline's half of a member's month. */
export interface PipelineProduction {
  rows: { memberId: string; month: string; leads: number; won: number }[];
  overdueTasks: { memberId: string; count: number }[];
}
