import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  authOptionsSchema,
  type CurrentUser,
  currentUserSchema,
  type SignupInput,
  signupResultSchema,
} from '@twinclean/shared/auth';
import { currentUserKey, fetchCurrentUser } from '@twinclean/shared/current-user';
import { apiRequest, hasCode } from '@twinclean/shared/http';

export const currentUserQuery = queryOptions({
  queryKey: currentUserKey,
  queryFn: fetchCurrentUser,
});

export const useCurrentUser = () => useQuery(currentUserQuery);

export const useAuthOptions = () =>
  useQuery({
    queryKey: ['/api/auth/options'],
    queryFn: async () =>
      authOptionsSchema.parse(await (await apiRequest('GET', '/api/auth/options')).json()),
  });

const post = async (url: string, body: unknown): Promise<Record<string, unknown>> =>
  (await apiRequest('POST', url, body)).json();

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; password: string }) => {
      const body = await post('/api/auth/login', input);
      return currentUserSchema.parse(body.user);
    },
    onSuccess: (user: CurrentUser) => queryClient.setQueryData(currentUserKey, user),
  });
}

export const useSignup = () =>
  useMutation({
    mutationFn: async (input: SignupInput) =>
      signupResultSchema.parse(await post('/api/auth/signup', input)),
  });

export const useVerifyEmail = () =>
  useMutation({
    mutationFn: (input: { email: string; code: string }) => post('/api/auth/verify-email', input),
  });

export const useResendVerification = () =>
  useMutation({
    mutationFn: (input: { email: string }) => post('/api/auth/resend-verification', input),
  });

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (input: { email: string }) => post('/api/auth/request-password-reset', input),
  });

export const useVerifyResetCode = () =>
  useMutation({
    mutationFn: (input: { email: string; code: string }) =>
      post('/api/auth/verify-reset-code', input),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: { email: string; code: string; newPassword: string }) =>
      post('/api/auth/reset-password', input),
  });

/** Whether an error is the login's "verify your e-mail first" answer. */
export const needsVerification = (error: unknown) => hasCode(error, 'needs_verification');
