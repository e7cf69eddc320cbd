import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CancelBookingInput,
  type ClientBooking,
  clientBookingSchema,
  type RescheduleBookingInput,
} from '@twinclean/shared/client-bookings';
import type { PriceApprovalInput } from '@twinclean/shared/final-price';
import { ApiError, postJson } from '@twinclean/shared/http';
import { clientBookingKeys, receiptKeys } from './api';

/** POSTs to one of a booking's actions; the answer is the booking as it now stands. */
function useBookingAction<Input>(id: string, action: 'cancel' | 'reschedule' | 'approve-price') {
  const queryClient = useQueryClient();
  return useMutation({
    // Sent even when the browser says it is offline: a request that cannot go fails with the
    // spec's message at once, rather than waiting silently behind a "Canceling..." button.
    networkMode: 'always',
    mutationFn: async (input: Input) =>
      clientBookingSchema.parse(
        await postJson(`/api/bookings/${encodeURIComponent(id)}/${action}`, input),
      ),
    onSuccess: (booking: ClientBooking) => {
      queryClient.setQueryData(clientBookingKeys.detail(id), booking);
      // The dashboard's lists (its date or status) and, after a refund, the receipts.
      void queryClient.invalidateQueries({ queryKey: clientBookingKeys.all, exact: true });
      void queryClient.invalidateQueries({ queryKey: receiptKeys.all });
      // A series visit canceled or moved here shows so on the series' page and card.
      void queryClient.invalidateQueries({ queryKey: ['/api/series'] });
    },
    // A price approval refused with 409: the proposal changed under the page (a newer price,
    // approved already, canceled). Read it again, so the price shown is the one approved next.
    onError: (error) => {
      if (action === 'approve-price' && error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: clientBookingKeys.detail(id) });
      }
    },
  });
}

export const useCancelBooking = (id: string) => useBookingAction<CancelBookingInput>(id, 'cancel');

export const useRescheduleBooking = (id: string) =>
  useBookingAction<RescheduleBookingInput>(id, 'reschedule');

/** "Approve new price" (DECISIONS.md "Final price consent"): the amount the page showed. */
export const useApproveNewPrice = (id: string) =>
  useBookingAction<PriceApprovalInput>(id, 'approve-price');
