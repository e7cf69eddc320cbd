import { formatDollars } from '@twinclean/shared/money';
import { dryCleaningItems } from '@twinclean/shared/services';
import type { MailMessage } from '../../adapters/mailer';
import { layoutEmail, longDate, SERVICE_NAMES, SIGNATURE, when } from '../../core/email-layout';
import type { SpecialJob } from './special-orders';

export function bookingConfirmationEmail(b: {
  to: string;
  firstName: string;
  date: string;
  time: string;
  address: string;
  totalHours: number;
  totalCents: number;
  depositCents: number;
  reference: string;
  /** A recurring booking's line about its next visits and their charges; null for one time. */
  repeats?: string | null;
}): MailMessage {
  const payment = b.repeats
    ? b.repeats
    : b.depositCents > 0
      ? `Once your cleaner is assigned we'll send a link for the ${formatDollars(b.depositCents)} deposit; the rest is due before the visit.`
      : 'As a member you pay no deposit; we charge your card 12 hours before the visit.';
  return layoutEmail(
    b.to,
    `Booking received: house cleaning on ${longDate(b.date)}`,
    [
      `Hi ${b.firstName},`,
      '',
      `Thanks for booking with TwinClean! We received your house cleaning request for ${when(b.date, b.time)}.`,
      '',
      `Address: ${b.address}`,
      `Estimated time: ${b.totalHours} hour${b.totalHours === 1 ? '' : 's'}`,
      `Estimated total: ${formatDollars(b.totalCents)}`,
      `Booking reference: ${b.reference}`,
      '',
      `We're assigning a vetted cleaner now and will e-mail you as soon as one accepts. ${payment}`,
      '',
      ...SIGNATURE,
    ],
    'booking_confirmation',
  );
}

// Nothing is picked up for a carpet cleaning: the provider confirms its price on seeing the rooms.
const ESTIMATE_NOTES: Partial<Record<SpecialJob['serviceType'], string>> = {
  carpet:
    'This price is an estimate: your provider confirms the final carpet cleaning price once they have seen the carpets, before any deposit is requested. A final price far from this estimate is never charged unless you approve it.',
  dry_cleaning:
    'This price is an estimate: rug and dry cleaning prices are confirmed after pickup, once your provider has seen the items, before any deposit is requested. A final price far from this estimate is never charged unless you approve it.',
};

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const itemName = (id: string) => dryCleaningItems.find((item) => item.id === id)?.name ?? id;

/** What was booked, in the client's words. */
function jobLine(job: SpecialJob): string {
  switch (job.serviceType) {
    case 'carpet':
      return `Rooms: ${[
        plural(job.bedrooms, 'bedroom'),
        plural(job.livingRooms, 'living room'),
        plural(job.stairs, 'staircase'),
      ].join(', ')}`;
    case 'laundry':
      return `Loads: ${job.numberOfLoads}`;
    case 'dry_cleaning':
      return `Items: ${job.items.map((i) => `${i.quantity} × ${itemName(i.itemId)}`).join(', ')}`;
  }
}

export function specialBookingConfirmationEmail(b: {
  to: string;
  firstName: string;
  job: SpecialJob;
  greenCleaning: boolean;
  date: string;
  time: string;
  address: string;
  /** Laundry and dry cleaning: where it comes back. */
  dropoffAddress: string | null;
  totalCents: number;
  depositCents: number;
  priceIsFinal: boolean;
  reference: string;
  /** A recurring pickup's line about its next visits and their charges; null for one time. */
  repeats?: string | null;
}): MailMessage {
  const service = SERVICE_NAMES[b.job.serviceType];
  const pickup = b.dropoffAddress !== null;
  // Carpet and rug prices are confirmed later (DECISIONS.md "Special services"): the client
  // must not read the booked total as the bill, nor the deposit as fixed.
  const price = b.priceIsFinal
    ? `Total: ${formatDollars(b.totalCents)}`
    : `Estimated total: ${formatDollars(b.totalCents)}`;
  const estimateNote = b.priceIsFinal ? undefined : ESTIMATE_NOTES[b.job.serviceType];
  const payment = b.repeats
    ? b.repeats
    : b.depositCents === 0
      ? 'As a member you pay no deposit; we charge your card 12 hours before the visit.'
      : b.priceIsFinal
        ? `Once a provider is assigned we'll send a link for the ${formatDollars(b.depositCents)} deposit; the rest is due before the visit.`
        : `Once a provider is assigned and the price is confirmed we'll send a link for the deposit (${formatDollars(b.depositCents)} on this estimate); the rest is due before the visit.`;
  return layoutEmail(
    b.to,
    `Booking received: ${service} on ${longDate(b.date)}`,
    [
      `Hi ${b.firstName},`,
      '',
      `Thanks for booking with TwinClean! We received your ${service} request for ${when(b.date, b.time)}.`,
      '',
      `${pickup ? 'Pickup address' : 'Address'}: ${b.address}`,
      ...(pickup ? [`Drop-off address: ${b.dropoffAddress}`] : []),
      jobLine(b.job),
      ...(b.greenCleaning ? ['Green cleaning: yes'] : []),
      price,
      `Booking reference: ${b.reference}`,
      '',
      ...(estimateNote ? [estimateNote, ''] : []),
      ...(b.job.serviceType === 'laundry'
        ? ['Laundry is usually back within 24–48 hours.', '']
        : []),
      `We'll assign a provider and contact you with payment details within 24 hours. ${payment}`,
      '',
      ...SIGNATURE,
    ],
    'booking_confirmation',
  );
}
