import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { createdBookingSchema, type HouseBookingInput } from '@twinclean/shared/bookings';
import { postJson } from '@twinclean/shared/http';
import { addOnsQueryOptions, pricingQueryOptions } from '../../lib/catalog';
import { creditKeys } from '../../lib/credits';
import { forgetReferral } from '../../lib/referral';
import { ensureQuery } from '../../lib/route-data';
import { currentUserQueryOptions } from '../../lib/session';

export const bookingKeys = {
  all: ['/api/bookings'] as const,
};

/**
 * What a booking changes besides the client's bookings: a new home saved (or a saved one's notes
 * updated), maybe a series, and the referral credit it earned or spent. Their keys are the paths
 * their features read.
 */
const CHANGED_BY_BOOKING = [
  bookingKeys.all,
  ['/api/homes'],
  ['/api/series'],
  creditKeys.all,
] as const;

/** After a booking: what it changed is read again, and a referral code it carried is spent. */
export const afterBooking = (queryClient: QueryClient, sent: { referralCode?: string }) => {
  if (sent.referralCode) forgetReferral();
  return Promise.all(
    CHANGED_BY_BOOKING.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
};

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: HouseBookingInput) =>
      createdBookingSchema.parse(await postJson('/api/bookings', input)),
    // Any list of the client's bookings now has one more; their homes and series may too.
    onSuccess: (_booking, sent) => afterBooking(queryClient, sent),
  });
}

/**
 * For the wizard's routes: who is booking (rate, prefill), prices and add-ons, known before its
 * first screen. A read that fails leaves its part of the wizard to say so.
 */
export const ensureWizardData = (queryClient: QueryClient) =>
  Promise.all([
    ensureQuery(queryClient, currentUserQueryOptions()),
    ensureQuery(queryClient, pricingQueryOptions()),
    ensureQuery(queryClient, addOnsQueryOptions()),
  ]);

/** For the special-service forms' routes: who is booking (prefill, deposit) and the prices. */
export const ensureSpecialBookingData = (queryClient: QueryClient) =>
  Promise.all([
    ensureQuery(queryClient, currentUserQueryOptions()),
    ensureQuery(queryClient, pricingQueryOptions()),
  ]);
