import type { JobDetails, OpenJob } from '@twinclean/shared/provider-jobs';
import { ClipboardList, Truck } from 'lucide-react';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 bedrooms · 1 living room · 1 staircase": what a carpet job covers. */
export const carpetRooms = (d: Extract<JobDetails, { kind: 'carpet' }>) =>
  [
    count(d.bedrooms, 'bedroom'),
    count(d.livingRooms, 'living room'),
    count(d.stairs, 'staircase'),
  ].join(' · ');

type Dropoff = Extract<JobDetails, { kind: 'laundry' }>['dropoff'];

/** Where the order goes back to, in full when it is not the pickup address. */
export const dropoffText = (dropoff: Dropoff) =>
  dropoff.sameAsPickup
    ? 'Same as pickup'
    : `${dropoff.address}, ${dropoff.city}, ${dropoff.state} ${dropoff.zipCode}`;

/**
 * What a special-service job asks for beyond the address and time: rooms and stairs, loads, or
 * the item list, and where a pickup goes back to. Nothing for house cleaning, or for a job
 * saved on the phone by a version that did not know its details yet.
 */
export function JobTasks({ job }: { job: Pick<OpenJob, 'details'> }) {
  const details = job.details;
  if (!details) return null;
  return (
    <div className="mt-3 grid gap-1.5 rounded-md bg-slate-50 p-2 text-sm text-slate-700">
      <p className="flex items-start gap-2">
        <ClipboardList className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
        <span>
          <span className="font-medium">To do: </span>
          {details.kind === 'carpet' && carpetRooms(details)}
          {details.kind === 'laundry' && `${count(details.numberOfLoads, 'load')} of laundry`}
          {details.kind === 'dry_cleaning' && `${itemCount(details)} to clean`}
        </span>
      </p>
      {details.kind === 'dry_cleaning' && (
        <ul aria-label="Items" className="ml-6 list-disc pl-4">
          {details.items.map((item) => (
            <li key={item.id}>
              {item.quantity} × {item.name}
            </li>
          ))}
        </ul>
      )}
      {details.kind !== 'carpet' && (
        <p className="flex items-start gap-2">
          <Truck className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
          <span>
            <span className="font-medium">Drop-off: </span>
            {dropoffText(details.dropoff)}
          </span>
        </p>
      )}
    </div>
  );
}

const itemCount = (d: Extract<JobDetails, { kind: 'dry_cleaning' }>) =>
  count(
    d.items.reduce((sum, item) => sum + item.quantity, 0),
    'item',
  );
