import type { LineMatchStatus, LineMatchedBy } from './receivables-options';

/** An insurer's statement line, as imports read it and Recebíveis reconciles it. */
/** comissão / estorno / ajuste. */
export const STATEMENT_LINE_TYPES = ['comissao', 'estorno', 'ajuste'] as const;
export type StatementLineType = (typeof STATEMENT_LINE_TYPES)[number];
export const STATEMENT_LINE_TYPE_LABELS: Record<StatementLineType, string> = { comissao: 'Comissão', estorno: 'Estorno', ajuste: 'Ajuste' };

/** What a statement line found: the instalment, how, and the status it gives it. */
export interface StatementLineMatch {
  status: LineMatchStatus;
  by: LineMatchedBy | null;
  policyId: number | null;
  policyNumber: string | null;
  contactName: string | null;
  instalment: number | null;
  /** The commission expected on that instalment, what this line pays (gross) and the difference. */
  expected: string | null;
  amount: string;
  difference: string | null;
}
