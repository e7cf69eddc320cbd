import type { AdminPayout } from '@twinclean/shared/admin';
import { Badge } from '@twinclean/shared/ui/badge';

// Spec 2 §9: coordinates to 4 decimals; a punch without both is no data.
const coordinates = (latitude: number | null, longitude: number | null) =>
  latitude === null || longitude === null
    ? null
    : `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;

/** Spec 2 "Admin payouts": the geofence verdict and where the punches were made. */
export function LocationCell({ payout }: { payout: AdminPayout }) {
  const clockIn = coordinates(payout.clockInLatitude, payout.clockInLongitude);
  const clockOut = coordinates(payout.clockOutLatitude, payout.clockOutLongitude);
  return (
    <div className="grid justify-items-start gap-1 text-xs">
      <Badge tone={payout.geofenceVerified ? 'success' : 'danger'}>
        {payout.geofenceVerified ? 'Verified' : 'Not Verified'}
      </Badge>
      {clockIn || clockOut ? (
        <>
          <span>Clock In: {clockIn ?? 'No data'}</span>
          <span>Clock Out: {clockOut ?? 'No data'}</span>
        </>
      ) : (
        <span className="text-slate-500">No location data</span>
      )}
    </div>
  );
}
