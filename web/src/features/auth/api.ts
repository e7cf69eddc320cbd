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
import { getJson, hasCode, postJson } from '@twinclean/shared/http';
import * as z from 'zod/mini';
import { authKeys } from '../../lib/session';

export const authOptionsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.options(),
    queryFn: async () => authOptionsSchema.parse(await getJson('/api/auth/options')),
  });

export const useAuthOptions = () => useQuery(authOptionsQueryOptions());

const loginAnswerSchema = z.object({ user: currentUserSchema });
// Only outside production, when no mailer could deliver the code, does the answer carry it.
const resentSchema = z.object({ verificationCode: z.optional(z.string()) });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: z.input<typeof loginSchema>) =>
      loginAnswerSchema.parse(await postJson('/api/auth/login', input)).user,
    onSuccess: (user) => queryClient.setQueryData(authKeys.user(), user),
  });
}

export const useSignup = () =>
  useMutation({
    mutationFn: async (input: SignupInput) =>
      signupResultSchema.parse(await postJson('/api/auth/signup', input)),
  });

export const useVerifyEmail = () =>
  useMutation({
    mutationFn: (input: z.input<typeof emailCodeSchema>) =>
      postJson('/api/auth/verify-email', input),
  });

export const useResendVerification = () =>
  useMutation({
    mutationFn: async (input: z.input<typeof emailOnlySchema>) =>
      resentSchema.parse(await postJson('/api/auth/resend-verification', input)),
  });

export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (input: z.input<typeof emailOnlySchema>) =>
      postJson('/api/auth/request-password-reset', input),
  });

export const useVerifyResetCode = () =>
  useMutation({
    mutationFn: (input: z.input<typeof emailCodeSchema>) =>
      postJson('/api/auth/verify-reset-code', input),
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (input: z.input<typeof resetPasswordSchema>) =>
      postJson('/api/auth/reset-password', input),
  });

/** Whether an error is the login's "verify your e-mail first" answer. */
export const needsVerification = (error: unknown) => hasCode(error, 'needs_verification');
