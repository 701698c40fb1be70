import { PORTAL_OPERATIONS as OPS } from '@corretora/contracts';
import { ApiError, callOperation, operationKey, operationQuery } from '@corretora/web-kit';
import { rememberSignedIn } from './signed-in-hint';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

/** A client's reads: a 4xx (their session ended, a portal turned off) is not worth retrying. */
const once = { retry: (count: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && count < 2 };

export const usePortalPage = (brokerage: string) =>
  useQuery({ ...operationQuery(OPS.page, { params: { brokerage } }), staleTime: 300_000, ...once });
export const useMe = () => useQuery({ ...operationQuery(OPS.me), ...once });
export const usePolicies = () => useQuery({ ...operationQuery(OPS.policies), ...once });
export const useInstalments = () => useQuery({ ...operationQuery(OPS.instalments), ...once });
export const useClaims = () => useQuery({ ...operationQuery(OPS.claims), ...once });
export const usePolicyDocuments = (id: number) => useQuery({ ...operationQuery(OPS.policyDocuments, { params: { id } }), ...once });

/** The signed-in client's records, forgotten (another client signing in on this phone). */
export function forgetRecords(queryClient: QueryClient): void {
  for (const op of [OPS.policies, OPS.instalments, OPS.claims, OPS.policyDocuments])
    queryClient.removeQueries({ queryKey: operationKey(op) });
}

/**
 * Everything of the signed-in client, forgotten (Sair, a session that ended): who they are is asked
 * again (reset, not removed: the page's observer stays on the same entry), which shows the sign-in.
 */
export function forgetClient(queryClient: QueryClient): Promise<void> {
  rememberSignedIn(null);
  forgetRecords(queryClient);
  return queryClient.resetQueries({ queryKey: operationKey(OPS.me) });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => callOperation(OPS.signOut), onSettled: () => forgetClient(queryClient) });
}
