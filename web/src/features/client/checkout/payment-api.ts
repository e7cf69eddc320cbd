import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@twinclean/shared/http';
import {
  type PaymentOption,
  paymentIntentAnswerSchema,
  recordPaymentAnswerSchema,
} from '@twinclean/shared/payments';
import { clientBookingKeys, receiptKeys } from '../api';

// A booking's checkout and a pay link's take the same two calls under their own path:
// '/api/bookings/{id}' for the signed-in client, '/api/pay/{token}' for anyone with the link.

/**
 * The payment intent for one amount. A query, not a mutation: the page needs one intent per
 * chosen amount while it is open (a second mount in StrictMode joins the same request), and
 * none kept after it closes (gcTime 0), since a paid intent cannot be paid again. Its key is
 * not under '/api/bookings', so refreshing the booking never creates another intent.
 */
export const paymentIntentQueryOptions = (base: string, option: PaymentOption) =>
  queryOptions({
    queryKey: [`${base}/create-payment-intent`, option] as const,
    queryFn: async () =>
      paymentIntentAnswerSchema.parse(await postJson(`${base}/create-payment-intent`, { option })),
    gcTime: 0,
  });

/** Records a payment the gateway says succeeded; the server asks the gateway itself. */
export function useRecordPayment(base: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline, the attempt fails at once with a message (see booking-actions.ts).
    networkMode: 'always',
    mutationFn: async (paymentIntentId: string) =>
      recordPaymentAnswerSchema.parse(
        await postJson(`${base}/record-payment`, { paymentIntentId }),
      ),
    // Spec 2 §7: the client's booking and list data are refreshed (and there is a receipt).
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: clientBookingKeys.all });
      void queryClient.invalidateQueries({ queryKey: receiptKeys.all });
    },
  });
}
