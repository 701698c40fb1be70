import { AUTH_OPERATIONS, type User } from '@corretora/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/api-client';
import { callOperation } from '../api/operations';
import { QUERY_KEYS } from '../api/query-client';

const FIVE_MINUTES = 5 * 60 * 1000;

/** 401 means signed out: no user and no error. Any other failure is an error. */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await callOperation(AUTH_OPERATIONS.user);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: QUERY_KEYS.currentUser, queryFn: fetchCurrentUser, staleTime: FIVE_MINUTES });

export function useCurrentUser(): { user: User | null; isLoading: boolean; error: Error | null } {
  const query = useQuery(currentUserQueryOptions());
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error };
}
