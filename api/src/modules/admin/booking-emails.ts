import type { MailMessage } from '../../adapters/mailer';
import type { Booking } from '../../models/booking';
import { bookingMessage, SERVICE_NAMES, when } from '../bookings/emails';

const serviceName = (b: Pick<Booking, 'serviceType'>) =>
  b.serviceType === 'house' ? 'house cleaning' : SERVICE_NAMES[b.serviceType];

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
  return bookingMessage(
    provider.email,
    what === 'assigned' ? 'A job was assigned to you' : 'A job was taken off your schedule',
    [`Hi ${provider.firstName},`, '', line, '', 'TwinClean, Minneapolis–St Paul'],
    `provider_job_${what}`,
  );
}
