import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@twinclean/shared/http';
import {
  type CarpetBooking,
  createdSpecialBookingSchema,
  type DryCleaningBooking,
  type LaundryBooking,
} from '@twinclean/shared/special-bookings';
import { afterBooking } from './api';

// Not in api.ts: route loaders import that, which puts it in the app's first chunk; these
// schemas load only with the forms.

const SPECIAL_PATHS = {
  carpet: '/api/bookings/carpet',
  laundry: '/api/bookings/laundry',
  dryCleaning: '/api/bookings/dry-cleaning',
} as const;
export type SpecialService = keyof typeof SPECIAL_PATHS;
export type SpecialPayload = {
  carpet: CarpetBooking;
  laundry: LaundryBooking;
  dryCleaning: DryCleaningBooking;
};

/** POST /api/bookings/carpet, /laundry or /dry-cleaning (spec 2 §7). */
export function useCreateSpecialBooking<S extends SpecialService>(service: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: SpecialPayload[S]) =>
      createdSpecialBookingSchema.parse(await postJson(SPECIAL_PATHS[service], payload)),
    onSuccess: (_booking, sent) => afterBooking(queryClient, sent),
  });
}
