import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '@twinclean/shared/http';
import {
  paymentMethodRemovedSchema,
  paymentMethodSchema,
  setupIntentAnswerSchema,
} from '@twinclean/shared/payment-methods';
import * as z from 'zod/mini';

// The client's saved cards: the Payment Methods page and the membership's Change card both read
// and change them, so they live outside either feature. Keys are the URL they read, in segments.

export const paymentMethodKeys = {
  all: ['/api/payment-methods'] as const,
};

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: paymentMethodKeys.all,
    queryFn: async () =>
      z.array(paymentMethodSchema).parse(await sendJson('GET', '/api/payment-methods')),
  });

/**
 * The setup intent of the open Add card form. A query, like the checkout's payment intent: one
 * while the form is open (a second mount in StrictMode joins the same request), none kept after
 * it closes (gcTime 0), so the next form saves with a fresh one. Its key is not under the list's,
 * so refreshing the list never starts another setup.
 */
export const setupIntentQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/payment-methods/setup-intent'] as const,
    queryFn: async () =>
      setupIntentAnswerSchema.parse(await sendJson('POST', '/api/payment-methods/setup-intent')),
    gcTime: 0,
  });

/** A card change, then the list read again. */
function useCardMutation<Input, Answer>(send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline, an attempt fails at once with a message rather than waiting behind its button.
    networkMode: 'always',
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
  });
}

const cardUrl = (id: string) => `/api/payment-methods/${encodeURIComponent(id)}`;

/** Records the card a setup intent saved; the server asks the gateway itself. */
export const useAddPaymentMethod = () =>
  useCardMutation(async (setupIntentId: string) =>
    paymentMethodSchema.parse(await sendJson('POST', '/api/payment-methods', { setupIntentId })),
  );

export const useMakeDefault = () =>
  useCardMutation(async (id: string) =>
    paymentMethodSchema.parse(await sendJson('PATCH', `${cardUrl(id)}/default`)),
  );

export const useRemovePaymentMethod = () =>
  useCardMutation(async (id: string) =>
    paymentMethodRemovedSchema.parse(await sendJson('DELETE', cardUrl(id))),
  );
