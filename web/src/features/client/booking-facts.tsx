import type { ClientBooking } from '@twinclean/shared/client-bookings';
import { roomLabel } from '@twinclean/shared/pricing';
import type { JobDetails } from '@twinclean/shared/provider-jobs';
import { formatDate, formatInstant, formatSlot } from '@twinclean/shared/schedule';
import { BadgeCheck } from 'lucide-react';
import { DetailCard, type FactRow, Facts } from '../../components/detail-card';
import { specialServiceRows } from '../../components/special-service-facts';
import { money } from '../../lib/format';

type Dropoff = Extract<JobDetails, { dropoff: unknown }>['dropoff'];

/** Laundry and dry cleaning come back to a drop-off address, the pickup's unless told. */
function dropoffOf(booking: ClientBooking): Dropoff | null {
  const details = booking.details;
  return details && details.kind !== 'carpet' ? details.dropoff : null;
}

export function ScheduleCard({ booking }: { booking: ClientBooking }) {
  const dropoff = dropoffOf(booking);
  const address = `${booking.address}, ${booking.city}, ${booking.state} ${booking.zipCode}`;
  return (
    <DetailCard title="Schedule">
      <Facts
        rows={[
          ['Date', formatDate(booking.scheduledDate)],
          ['Time', formatSlot(booking.scheduledTime)],
          [dropoff ? 'Pickup address' : 'Address', address],
          dropoff !== null && [
            'Drop-off address',
            dropoff.sameAsPickup
              ? 'Same as pickup'
              : `${dropoff.address}, ${dropoff.city}, ${dropoff.state} ${dropoff.zipCode}`,
          ],
        ]}
      />
    </DetailCard>
  );
}

function serviceRows(booking: ClientBooking): FactRow[] {
  const { details } = booking;
  const special = specialServiceRows(details);
  if (special) return special;
  return [
    booking.homeSize !== null && [
      'Home size',
      <span key="size" className="capitalize">
        {booking.homeSize}
      </span>,
    ],
    booking.totalHours !== null &&
      booking.hourlyRate !== null && [
        'Hours',
        `${booking.totalHours.toFixed(1)} hours × ${money(booking.hourlyRate)}/hour`,
      ],
    booking.selectedRooms.length > 0 && [
      'Rooms',
      <span key="rooms" className="capitalize">
        {booking.selectedRooms.map(roomLabel).join(', ')}
      </span>,
    ],
  ];
}

export function ServiceCard({ booking }: { booking: ClientBooking }) {
  return (
    <DetailCard title="Service">
      <Facts
        rows={[
          ...serviceRows(booking),
          booking.greenCleaning && ['Green cleaning', 'Eco-friendly products'],
          booking.clientNotes.trim() !== '' && ['Your notes', booking.clientNotes],
        ]}
      />
    </DetailCard>
  );
}

function Punch(props: { label: string; at: string; verified: boolean | null }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-slate-600">{props.label}</dt>
      <dd className="font-medium">
        {formatInstant(props.at)}
        {props.verified && (
          <span className="ml-2 inline-flex items-center gap-1 text-green-800">
            <BadgeCheck className="size-4" aria-hidden />
            Verified at your address
          </span>
        )}
      </dd>
    </div>
  );
}

function Photos(props: { title: string; alt: string; photos: ClientBooking['beforePhotos'] }) {
  const { title, alt, photos } = props;
  if (photos.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold">{title}</h3>
      <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <a href={photo.url} target="_blank" rel="noreferrer">
              <img
                src={photo.url}
                width={photo.width ?? undefined}
                height={photo.height ?? undefined}
                alt={`${alt} ${i + 1} of ${photos.length}`}
                loading="lazy"
                className="aspect-square w-full rounded-md border object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Who comes, when they arrived and left, and what they photographed. */
export function VisitCard({ booking }: { booking: ClientBooking }) {
  return (
    <DetailCard title="Your visit">
      <dl className="grid gap-2 text-sm">
        <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
          <dt className="text-slate-600">Provider</dt>
          <dd className="font-medium">
            {booking.providerFirstName ??
              (booking.status === 'canceled'
                ? 'None: this booking was canceled.'
                : 'We are assigning a provider.')}
          </dd>
        </div>
        {booking.providerClockInTime && (
          <Punch
            label="Arrived"
            at={booking.providerClockInTime}
            verified={booking.clockInVerified}
          />
        )}
        {booking.providerClockOutTime && (
          <Punch
            label="Finished"
            at={booking.providerClockOutTime}
            verified={booking.clockOutVerified}
          />
        )}
      </dl>
      <Photos title="Before photos" alt="Before photo" photos={booking.beforePhotos} />
      <Photos title="After photos" alt="After photo" photos={booking.afterPhotos} />
    </DetailCard>
  );
}

export function CancellationCard({ booking }: { booking: ClientBooking }) {
  return (
    <DetailCard title="Cancellation details">
      <Facts
        rows={[
          booking.canceledAt !== null && ['Canceled on', formatInstant(booking.canceledAt)],
          ['Reason', booking.cancellationReason || 'No reason given'],
          ['Cancellation fee', money(booking.cancellationFee ?? '0.00')],
          booking.amountRefunded !== '0.00' && ['Refunded', money(booking.amountRefunded)],
        ]}
      />
    </DetailCard>
  );
}
