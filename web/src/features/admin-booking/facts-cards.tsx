import type { AdminBooking } from '@twinclean/shared/admin-booking';
import { roomLabel } from '@twinclean/shared/pricing';
import { formatDate, formatInstant, formatSlot } from '@twinclean/shared/schedule';
import { DetailCard, type FactRow, Facts } from '../../components/detail-card';
import { specialServiceRows } from '../../components/special-service-facts';
import { money, SUBSCRIPTION_LABELS } from '../../lib/format';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export function ClientCard({ booking }: { booking: AdminBooking }) {
  const { client } = booking;
  return (
    <DetailCard title="Client">
      <Facts
        rows={[
          ['Name', `${client.firstName} ${client.lastName}`],
          [
            'E-mail',
            <a key="email" href={`mailto:${client.email}`} className="text-brand-700 underline">
              {client.email}
            </a>,
          ],
          [
            'Phone',
            <a key="phone" href={`tel:${client.phone}`} className="text-brand-700 underline">
              {client.phone}
            </a>,
          ],
          ['Account', client.id ? 'Signed-in client' : 'Guest (no account)'],
          client.membership !== null && ['Membership now', SUBSCRIPTION_LABELS[client.membership]],
          ['Booked as', SUBSCRIPTION_LABELS[client.bookedAs]],
        ]}
      />
    </DetailCard>
  );
}

type Dropoff = {
  sameAsPickup: boolean;
  address: string;
  city: string;
  state: string;
  zipCode: string;
};

export function ScheduleCard({ booking }: { booking: AdminBooking }) {
  const { schedule, address: a, details } = booking;
  const dropoff: Dropoff | null = details && details.kind !== 'carpet' ? details.dropoff : null;
  return (
    <DetailCard title="Schedule">
      <Facts
        rows={[
          ['Date', formatDate(schedule.scheduledDate)],
          ['Time', formatSlot(schedule.scheduledTime)],
          schedule.totalHours !== null && ['Length', `${schedule.totalHours.toFixed(1)} hours`],
          [
            dropoff ? 'Pickup address' : 'Address',
            `${a.address}, ${a.city}, ${a.state} ${a.zipCode}`,
          ],
          dropoff && [
            'Drop-off address',
            dropoff.sameAsPickup
              ? 'Same as pickup'
              : `${dropoff.address}, ${dropoff.city}, ${dropoff.state} ${dropoff.zipCode}`,
          ],
          ['Booked', formatInstant(booking.createdAt)],
        ]}
      />
    </DetailCard>
  );
}

function serviceRows(booking: AdminBooking): FactRow[] {
  const { details, house } = booking;
  const special = specialServiceRows(details);
  if (special) return special;
  if (!house) return [];
  return [
    [
      'Home size',
      <span key="size" className="capitalize">
        {house.homeSize}
      </span>,
    ],
    house.squareFeet !== null && ['Square feet', house.squareFeet],
    ['Floors', house.numberOfFloors],
    ['Bedrooms', house.bedroomCount],
    ['Bathrooms', `${house.fullBathroomCount} full, ${house.halfBathroomCount} half`],
    ['Kitchen', yesNo(house.hasKitchen)],
    ['Living room', yesNo(house.hasLivingRoom)],
    house.selectedRooms.length > 0 && ['Rooms', house.selectedRooms.map(roomLabel).join(', ')],
    ['Pets', house.hasPets ? house.petDetails || 'Yes' : 'No'],
  ];
}

export function ServiceCard({ booking }: { booking: AdminBooking }) {
  return (
    <DetailCard title="Service">
      <Facts
        rows={[
          ...serviceRows(booking),
          booking.addOns.length > 0 && [
            'Add-ons',
            <ul key="add-ons" className="grid gap-0.5">
              {booking.addOns.map((addOn) => (
                <li key={addOn.name}>
                  {addOn.name} × {addOn.quantity} ({money(addOn.amount)})
                </li>
              ))}
            </ul>,
          ],
          ['Green cleaning', yesNo(booking.greenCleaning)],
          booking.clientNotes.trim() !== '' && ['Client notes', booking.clientNotes],
        ]}
      />
    </DetailCard>
  );
}

export function CancellationCard({ booking }: { booking: AdminBooking }) {
  const { cancellation } = booking;
  if (!cancellation) return null;
  return (
    <DetailCard title="Canceled" tone="attention">
      <Facts
        rows={[
          ['Canceled', formatInstant(cancellation.canceledAt)],
          cancellation.canceledBy !== null && ['By', cancellation.canceledBy],
          cancellation.reason !== null && ['Reason', cancellation.reason],
          cancellation.fee !== null && ['Fee kept', money(cancellation.fee)],
        ]}
      />
    </DetailCard>
  );
}
