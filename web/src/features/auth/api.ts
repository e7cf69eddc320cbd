import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  authOptionsSchema,
  currentUserSchema,
  type emailCodeSchema,
  type emailOnlySchema,
  type loginSchema,
  type resetPasswordSchema,
  type SignupInput,
  signupResultSchema,
} from '@twinclean/shared/auth';
import { apiRequest, hasCode } from '@twinclean/shared/http';
import type * as z from 'zod/mini';
import { authKeys } from '../../lib/session';

export const authOptionsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.options(),
    queryFn: async () =>
      authOptionsSchema.parse(await (await apiRequest('GET', '/api/auth/options')).json()),
  });

export const useAuthOptions = () => useQuery(authOptionsQueryOptions());

const post = async (url: string, body: unknown): Promise<Record<string, unknown>> =>
  (await apiRequest('POST', url, body)).json();

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: z.input<typeof loginSchema>) =>
      currentUserSchema.parse((await post('/api/auth/login', input)).user),
    onSuccess: (user) => queryClient.setQueryData(authKeys.user(), user),
  });
}

export const useSignup = () =>
  useMutation({
    mutationFn: async (input: SignupInput) =>
      signupResultSchema.parse(await post('/api/auth/signup', input)),
  });

export const useVerifyEmail = () =>
  useMutation({
    mutationFn: (input: z.input<typeof emailCodeSchema>) => post('/api/auth/verify-email', input),
  });

export const useResendVerification = () =>
  useMutation({
    mutationFn: (input: z.input<typeof emailOnlySchema>) =>
      post('/api/auth/resend-verification', input),
  });

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (input: z.input<typeof emailOnlySchema>) =>
      post('/api/auth/request-password-reset', input),
  });

export const useVerifyResetCode = () =>
  useMutation({
    mutationFn: (input: z.input<typeof emailCodeSchema>) =>
      post('/api/auth/verify-reset-code', input),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: z.input<typeof resetPasswordSchema>) =>
      post('/api/auth/reset-password', input),
  });

/** Whether an error is the login's "verify your e-mail first" answer. */
export const needsVerification = (error: unknown) => hasCode(error, 'needs_verification');
