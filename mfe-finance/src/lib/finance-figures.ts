import { BROKER_OPERATIONS, FINANCE_OPERATIONS } from '@corretora/contracts';
import { invalidateOperations } from '@corretora/web-kit';
import type { QueryClient } from '@tanstack/react-query';

/** What a change of policies or claims moves elsewhere: the dashboard's figures and the commissions. */
export function invalidateFigures(queryClient: QueryClient) {
  return invalidateOperations(queryClient, BROKER_OPERATIONS.dashboard, FINANCE_OPERATIONS.commissions);
}
