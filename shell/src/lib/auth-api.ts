import {
  AUTH_OPERATIONS as OPS,
  type ForgotPasswordInput,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
} from '@corretora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
