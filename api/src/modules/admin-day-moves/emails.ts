import type { MailMessage } from '../../adapters/mailer';
import { layoutEmail, longDate, serviceName, when } from '../../core/email-layout';
import type { Booking } from '../../models/booking';

// What a moved day tells each client (their link to settle it) and each provider (their visits
// of the day, where each went). No entry notes or other private details: addresses only.

export function clientMoveEmail(
  booking: Booking,
  reason: string,
  toDate: string | null,
  link: string,
): MailMessage {
  const service = serviceName(booking);
  const where = `${booking.address}, ${booking.city}`;
  const news = toDate
    ? `We moved your ${service} at ${where} to ${when(toDate, booking.scheduledTime)}.`
    : `No cleaner is free to take your ${service} at ${where} in the next days, so please pick a new time.`;
  return layoutEmail(
    booking.clientEmail,
    `Your ${service} on ${longDate(booking.scheduledDate)} is moved`,
    [
      `Hi ${booking.clientFirstName},`,
      '',
      `We are moving every visit on ${longDate(booking.scheduledDate)} (${reason}).`,
      news,
      '',
      toDate
        ? `Accept the new time, pick another time, or skip this visit (no fee): ${link}`
        : `Pick another time, or skip this visit (no fee): ${link}`,
      '',
      'Nothing is charged for this visit until you answer.',
      '',
      'TwinClean, Minneapolis–St Paul',
    ],
    'day_move_client',
  );
}

export type ProviderMovedVisit = { booking: Booking; toDate: string | null };

export function providerMoveEmail(
  provider: { email: string; firstName: string },
  date: string,
  reason: string,
  visits: ProviderMovedVisit[],
): MailMessage {
  const lines = visits.map(({ booking, toDate }) => {
    const job = `${serviceName(booking)} at ${booking.address}, ${booking.city} (${when(date, booking.scheduledTime)})`;
    return toDate
      ? `- ${job}: now ${when(toDate, booking.scheduledTime)}, still yours.`
      : `- ${job}: off your schedule until the client picks a new time.`;
  });
  return layoutEmail(
    provider.email,
    `Your visits on ${longDate(date)} are moved`,
    [
      `Hi ${provider.firstName},`,
      '',
      `We are moving every visit on ${longDate(date)} (${reason}):`,
      ...lines,
      '',
      'Clients may still pick another time or skip; you will hear if they do.',
      '',
      'TwinClean, Minneapolis–St Paul',
    ],
    'day_move_provider',
  );
}
