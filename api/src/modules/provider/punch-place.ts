import { withinGeofence } from '@twinclean/shared/geo';
import type { PunchInput } from '@twinclean/shared/punches';
import type { Booking } from '../../models/booking';

/** Where the punch was relative to the job; a missing fix makes it unverified, never refused. */
export function placeOf(input: PunchInput, booking: Booking) {
  const point =
    input.latitude != null && input.longitude != null
      ? { latitude: input.latitude, longitude: input.longitude }
      : null;
  const jobPoint =
    booking.latitude != null && booking.longitude != null && booking.geocodePrecision
      ? {
          latitude: booking.latitude,
          longitude: booking.longitude,
          precision: booking.geocodePrecision,
        }
      : null;
  const fence = withinGeofence(point, jobPoint);
  const unverifiedReason = fence.verified
    ? null
    : !point
      ? 'No location from the device'
      : !jobPoint
        ? 'The job has no map location'
        : `${fence.distanceM} m from the job`;
  return { point, fence, unverifiedReason };
}
