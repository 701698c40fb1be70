import { TEAM_OPERATIONS, type AcceptInvitationInput } from '@corretora/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, currentUserQueryOptions } from '@corretora/web-kit';

// Only /convite reads these: a module of its own, so the sign-in pages do not carry them.

/** What the invitation is for (public): the brokerage, the role and the e-mail it was sent to. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => callOperation(TEAM_OPERATIONS.showInvitation, { params: { token } }),
    enabled: token !== '',
    retry: false,
  });
}

/** Accepting signs the new member in: the session is loaded again before the app opens. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptInvitationInput) => callOperation(TEAM_OPERATIONS.acceptInvitation, { params: { token }, body: input }),
    onSuccess: () => queryClient.refetchQueries(currentUserQueryOptions()),
  });
}
