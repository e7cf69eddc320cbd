import type { MailMessage } from '../../adapters/mailer';
import { layoutEmail, SIGNATURE, serviceName, visitText, when } from '../../core/email-layout';
import type { Booking } from '../../models/booking';

// What a booking's client and provider are told when it is canceled, moved or (re)assigned.

export function cancellationEmail(booking: Booking, summary: string): MailMessage {
  return layoutEmail(
    booking.clientEmail,
    `Booking canceled: ${serviceName(booking)} on ${when(booking.scheduledDate, booking.scheduledTime)}`,
    [
      `Hi ${booking.clientFirstName},`,
      '',
      `We canceled ${visitText(booking)} as you asked. ${summary}`,
      '',
      `Booking reference: ${booking.id}`,
      '',
      ...SIGNATURE,
    ],
    'booking_canceled',
  );
}

export function rescheduledEmail(booking: Booking): MailMessage {
  return layoutEmail(
    booking.clientEmail,
    `Booking moved: ${serviceName(booking)} on ${when(booking.scheduledDate, booking.scheduledTime)}`,
    [
      `Hi ${booking.clientFirstName},`,
      '',
      `Your booking is moved: ${visitText(booking)}.`,
      '',
      `Booking reference: ${booking.id}`,
      '',
      ...SIGNATURE,
    ],
    'booking_rescheduled',
  );
}

/** The assigned provider hears of a cancellation or a move that concerns them. */
export function providerNoticeEmail(
  to: string,
  firstName: string,
  booking: Booking,
  what: 'canceled' | 'moved' | 'released',
): MailMessage {
  const lines = {
    canceled: `The client canceled ${serviceName(booking)} at ${booking.address}, ${booking.city} on ${when(booking.scheduledDate, booking.scheduledTime)}. It is off your schedule.`,
    moved: `The client moved ${serviceName(booking)} at ${booking.address}, ${booking.city}. It is now on ${when(booking.scheduledDate, booking.scheduledTime)}, still yours.`,
    released: `The client moved ${serviceName(booking)} at ${booking.address}, ${booking.city} to ${when(booking.scheduledDate, booking.scheduledTime)}, outside your availability, so it went back to the job board. Accept it there again if you can make it.`,
  }[what];
  return layoutEmail(
    to,
    what === 'canceled' ? 'A job was canceled' : 'A job was moved',
    [`Hi ${firstName},`, '', lines, '', 'TwinClean, Minneapolis–St Paul'],
    `provider_job_${what}`,
  );
}

const job = (b: Booking) =>
  `${serviceName(b)} at ${b.address}, ${b.city} on ${when(b.scheduledDate, b.scheduledTime)}`;

/**
 * A provider hears when an admin gives them a job or takes it back (their phone's job list
 * shows it on its next sync; the e-mail makes sure they know now).
 */
export function adminAssignmentEmail(
  provider: { email: string; firstName: string },
  booking: Booking,
  what: 'assigned' | 'unassigned',
): MailMessage {
  const line =
    what === 'assigned'
      ? `You have a new job: ${job(booking)}. It is on your schedule in the TwinClean provider app.`
      : `The ${job(booking)} is no longer yours: an admin took it off your schedule. Nothing more is needed from you.`;
  return layoutEmail(
    provider.email,
    what === 'assigned' ? 'A job was assigned to you' : 'A job was taken off your schedule',
    [`Hi ${provider.firstName},`, '', line, '', 'TwinClean, Minneapolis–St Paul'],
    `provider_job_${what}`,
  );
}
