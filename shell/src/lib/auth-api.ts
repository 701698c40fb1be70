import {
  AUTH_OPERATIONS as OPS,
  TEAM_OPERATIONS,
  type AcceptInvitationInput,
  type ForgotPasswordInput,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
} from '@corretora/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation, currentUserQueryOptions, QUERY_KEYS } from '@corretora/web-kit';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => callOperation(OPS.login, { body: input }),
    // Login refreshes the user before the dashboard renders (no screen shows the previous account).
    onSuccess: () => queryClient.refetchQueries(currentUserQueryOptions()),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => callOperation(OPS.register, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.currentUser }),
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (input: ForgotPasswordInput) => callOperation(OPS.forgotPassword, { body: input }) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (input: ResetPasswordInput) => callOperation(OPS.resetPassword, { body: input }) });
}

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

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callOperation(OPS.logout),
    // Signed out either way (also on a network error): nothing cached may outlive the session.
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(QUERY_KEYS.currentUser, null);
    },
  });
}
