import type { AdminPayout } from '@twinclean/shared/admin';
import { Badge } from '@twinclean/shared/ui/badge';

type Point = AdminPayout['clockIn'];

// Spec 2 §9: coordinates to 4 decimals.
const coordinates = (point: NonNullable<Point>) =>
  `${point.latitude.toFixed(4)}, ${point.longitude.toFixed(4)}`;

/** Spec 2 "Admin payouts": the geofence verdict and where the punches were made. */
export function LocationCell({ payout }: { payout: AdminPayout }) {
  const { clockIn, clockOut } = payout;
  return (
    <div className="grid justify-items-start gap-1 text-xs">
      <Badge tone={payout.geofenceVerified ? 'success' : 'danger'}>
        {payout.geofenceVerified ? 'Verified' : 'Not Verified'}
      </Badge>
      {clockIn || clockOut ? (
        <>
          <span>Clock In: {clockIn ? coordinates(clockIn) : 'No data'}</span>
          <span>Clock Out: {clockOut ? coordinates(clockOut) : 'No data'}</span>
        </>
      ) : (
        <span className="text-slate-500">No location data</span>
      )}
    </div>
  );
}
