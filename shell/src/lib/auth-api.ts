import type { ForgotPasswordInput, LoginInput, RegisterInput, ResetPasswordInput, User } from '@corretora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, currentUserQueryOptions, QUERY_KEYS } from '@corretora/web-kit';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<User>('POST', '/api/auth/login', input),
    // Login refreshes the user before the dashboard renders (no screen shows the previous account).
    onSuccess: () => queryClient.refetchQueries(currentUserQueryOptions()),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterInput) => apiRequest<User>('POST', '/api/auth/register', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.currentUser }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) => apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', input),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => apiRequest<{ message: string }>('POST', '/api/auth/reset-password', input),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('POST', '/api/auth/logout'),
    // Signed out either way (also on a network error): nothing cached may outlive the session.
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(QUERY_KEYS.currentUser, null);
    },
  });
}
