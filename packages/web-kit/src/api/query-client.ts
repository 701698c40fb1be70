import { CLIENT_API_PREFIX } from '@corretora/contracts';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Section 9: no automatic retries, no refetch on focus, mount or reconnect, results never stale
 * unless a query says otherwise. Every mutation invalidates what it changed instead.
 *
 * A 401 from any call means the session ended (signed out in another tab, expired, password reset):
 * the current user becomes null, so every protected screen gives way to the landing page at once,
 * and the broker's cached data is dropped.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: Error) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    // The portal's client session (#61) is another audience: its end says nothing about a member's.
    if (error.path.startsWith(CLIENT_API_PREFIX)) return;
    if (client.getQueryData(QUERY_KEYS.currentUser) === null) return; // already signed out (a failed login, say)
    client.setQueryData(QUERY_KEYS.currentUser, null);
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== QUERY_KEYS.currentUser[0] });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
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
  return client;
}

export const QUERY_KEYS = {
  currentUser: ['session', 'user'] as const,
};
