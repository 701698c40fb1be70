import { BROKER_OPERATIONS, FINANCE_OPERATIONS as OPS } from '@corretora/contracts';
import { invalidateOperations } from '@corretora/web-kit';
import type { QueryClient } from '@tanstack/react-query';

/** Every read of the policy list: whole (the pickers) and a page at a time (Apólices). */
export const POLICY_LISTS = [OPS.policies, OPS.policyPage] as const;

/** What a change of policies or claims moves elsewhere: the dashboard's figures and the commissions (report, summary, rows). */
export function invalidateFigures(queryClient: QueryClient) {
  return invalidateOperations(queryClient, BROKER_OPERATIONS.dashboard, OPS.commissions, OPS.commissionsSummary, OPS.commissionPolicies);
}
