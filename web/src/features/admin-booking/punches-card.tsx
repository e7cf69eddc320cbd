import type { AdminBooking, AdminPunch } from '@twinclean/shared/admin-booking';
import { formatInstant } from '@twinclean/shared/schedule';
import { Badge } from '@twinclean/shared/ui/badge';
import { DetailCard } from '../../components/detail-card';
import { coordinates, distance } from './format';

const KIND = { clock_in: 'Clock In', clock_out: 'Clock Out' } as const;

function Notes({ punch }: { punch: AdminPunch }) {
  const notes = [
    !punch.applied && 'Refused by the server',
    punch.offline && 'Sent later from offline',
    punch.unverifiedReason,
    punch.suspicionReason,
  ].filter((note): note is string => Boolean(note));
  if (notes.length === 0) return <span className="text-slate-500">None</span>;
  return (
    <ul className="grid gap-1">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}

/**
 * The clock-ins and clock-outs as received: when, where (4 decimals), how far from the job's
 * point, and whether the geofence verified them (DECISIONS.md "Providers").
 */
export function PunchesCard({ booking }: { booking: AdminBooking }) {
  const { punches, location } = booking;
  return (
    <DetailCard title="Punches">
      {location && (
        <p className="mb-3 text-sm text-slate-600">
          Job point {coordinates(location.latitude, location.longitude)} (
          {location.precision === 'address' ? 'address, 250 m fence' : 'ZIP centre, 3 km fence'})
        </p>
      )}
      {punches.length === 0 ? (
        <p className="text-sm text-slate-600">No clock-in yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Clock-in and clock-out events</caption>
            <thead className="border-b text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Punch
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Time
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Coordinates
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Distance
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Location
                </th>
                <th scope="col" className="py-2 font-medium">
                  Notes
                </th>
              </tr>
            </thead>
            <tbody>
              {punches.map((punch) => (
                <tr key={punch.id} className="border-b align-top last:border-0">
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {KIND[punch.type]}
                  </th>
                  <td className="py-2 pr-3">{formatInstant(punch.occurredAt)}</td>
                  <td className="py-2 pr-3 tabular-nums">
                    {coordinates(punch.latitude, punch.longitude) ?? 'No data'}
                  </td>
                  <td className="py-2 pr-3 tabular-nums">{distance(punch.distanceM) ?? '—'}</td>
                  <td className="py-2 pr-3">
                    <Badge tone={punch.geofenceVerified ? 'success' : 'warning'}>
                      {punch.geofenceVerified ? 'Verified' : 'Not Verified'}
                    </Badge>
                  </td>
                  <td className="py-2">
                    <Notes punch={punch} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DetailCard>
  );
}

/** Before and after photos; each opens full size. */
export function PhotosCard({ booking }: { booking: AdminBooking }) {
  const sets = [
    { title: 'Before', photos: booking.photos.before },
    { title: 'After', photos: booking.photos.after },
  ];
  return (
    <DetailCard title="Photos">
      {sets.map(({ title, photos }) => (
        <div key={title} className="mt-2 first:mt-0">
          <h3 className="text-sm font-semibold">{title}</h3>
          {photos.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">None yet.</p>
          ) : (
            <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {photos.map((photo, i) => (
                <li key={photo.id}>
                  <a href={photo.url} target="_blank" rel="noreferrer">
                    <img
                      src={photo.url}
                      width={photo.width ?? undefined}
                      height={photo.height ?? undefined}
                      alt={`${title} the job, ${i + 1} of ${photos.length}`}
                      loading="lazy"
                      className="aspect-square w-full rounded-md border object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </DetailCard>
  );
}
