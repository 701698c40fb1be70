import { QueryClient } from '@tanstack/react-query';

/**
 * Section 9: no automatic retries, no refetch on focus, mount or reconnect, results never stale
 * unless a query says otherwise. Every mutation invalidates what it changed instead.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

export const QUERY_KEYS = {
  currentUser: ['session', 'user'] as const,
  brokerProfile: ['broker', 'profile'] as const,
  dashboardStats: ['broker', 'dashboard-stats'] as const,
};
