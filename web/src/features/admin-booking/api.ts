import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { providerChoicesSchema } from '@twinclean/shared/admin';
import {
  type AdminBookingAnswer,
  type AdminCancelInput,
  type AdminConfirmPriceInput,
  type AssignProviderInput,
  adminBookingAnswerSchema,
  adminBookingSchema,
  type PayoutReviewInput,
} from '@twinclean/shared/admin-booking';
import type { OwnerPriceApprovalInput } from '@twinclean/shared/final-price';
import { ApiError, getJson, postJson } from '@twinclean/shared/http';

// Keys are the URL they read, in segments (web/src/lib/session.ts): the bookings list is
// ['/api/admin/bookings', ...], so an action here refreshes it too.

export const adminBookingKeys = {
  all: ['/api/admin/bookings'] as const,
  detail: (id: string) => [...adminBookingKeys.all, id] as const,
};
const PROVIDER_CHOICES_KEY = ['/api/admin/provider-choices'] as const;
/** What an action can change elsewhere in the admin area: payouts, payments, the dashboard. */
const RELATED_KEYS = [['/api/admin/payouts'], ['/api/admin/payments'], ['/api/admin/stats']];

export const adminBookingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminBookingKeys.detail(id),
    queryFn: async () =>
      adminBookingSchema.parse(await getJson(`/api/admin/bookings/${encodeURIComponent(id)}`)),
    // Providers punch and clients pay while an admin looks: a revisit asks again.
    staleTime: 10_000,
  });

export const providerChoicesQueryOptions = () =>
  queryOptions({
    queryKey: PROVIDER_CHOICES_KEY,
    queryFn: async () => providerChoicesSchema.parse(await getJson('/api/admin/provider-choices')),
  });

/**
 * The API answers 404 for a booking that does not exist and 400 for an id that is not one (a
 * mistyped link): both are a booking that isn't there.
 */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.code === 'validation_error');

type Actions = {
  assign: AssignProviderInput;
  unassign: undefined;
  'confirm-price': AdminConfirmPriceInput;
  'approve-price': OwnerPriceApprovalInput;
  cancel: AdminCancelInput;
  'resend-pay-link': undefined;
};

/**
 * POSTs one of the booking's actions; the answer is the booking as it now stands, put in place
 * of the page's copy. The lists it appears in are refreshed.
 */
function useAction<A extends keyof Actions>(id: string, action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    // Sent even when the browser says it is offline: a request that cannot go fails at once
    // with a message, rather than waiting silently behind a "Processing..." button.
    networkMode: 'always',
    mutationFn: async (input: Actions[A]) =>
      adminBookingAnswerSchema.parse(
        await postJson(`/api/admin/bookings/${encodeURIComponent(id)}/${action}`, input),
      ),
    onSuccess: (answer: AdminBookingAnswer) => {
      queryClient.setQueryData(adminBookingKeys.detail(id), answer.booking);
      void queryClient.invalidateQueries({
        queryKey: adminBookingKeys.all,
        predicate: (query) => query.queryKey[1] !== id,
      });
      for (const queryKey of RELATED_KEYS) void queryClient.invalidateQueries({ queryKey });
    },
    // A price refused with 409 (a newer price proposed, approved by the client meanwhile): the
    // page reads the booking again, so the price an admin acts on next is the one that stands.
    onError: (error) => {
      const priceAction = action === 'confirm-price' || action === 'approve-price';
      if (priceAction && error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: adminBookingKeys.detail(id) });
      }
    },
  });
}

export const useAssign = (id: string) => useAction(id, 'assign');
export const useUnassign = (id: string) => useAction(id, 'unassign');
export const useConfirmPrice = (id: string) => useAction(id, 'confirm-price');
/** The owner approves a new price for the client (audited with the note). */
export const useApprovePrice = (id: string) => useAction(id, 'approve-price');
export const useCancel = (id: string) => useAction(id, 'cancel');
export const useResendPayLink = (id: string) => useAction(id, 'resend-pay-link');

/** POST /api/admin/payouts/{id}/review, from the booking the payout belongs to. */
export function usePayoutReview(bookingId: string, payoutId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (input: PayoutReviewInput) =>
      adminBookingAnswerSchema.parse(
        await postJson(`/api/admin/payouts/${encodeURIComponent(payoutId)}/review`, input),
      ),
    onSuccess: (answer: AdminBookingAnswer) => {
      queryClient.setQueryData(adminBookingKeys.detail(bookingId), answer.booking);
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/payouts'] });
    },
  });
}
