import { formatDollars } from '@twinclean/shared/money';
import type { MailMessage } from '../../adapters/mailer';
import { layoutEmail, SERVICE_NAMES, SIGNATURE, when } from '../../core/email-layout';
import type { Booking } from '../../models/booking';

/**
 * The client is asked to approve a price further from the estimate than the bounds allow
 * (DECISIONS.md "Final price consent"). The link is a pay link: no sign-in needed, and it shows
 * the new price with "Approve new price" before anything can be paid.
 */
export function priceApprovalEmail(
  booking: Booking,
  proposedCents: number,
  estimateCents: number,
  link: string,
): MailMessage {
  const service =
    booking.serviceType === 'house' ? 'house cleaning' : SERVICE_NAMES[booking.serviceType];
  return layoutEmail(
    booking.clientEmail,
    `Please approve the new price for your ${service}`,
    [
      `Hi ${booking.clientFirstName},`,
      '',
      `Your cleaner has seen the work for your ${service} on ${when(booking.scheduledDate, booking.scheduledTime)} and set the price at ${formatDollars(proposedCents)}; you booked at an estimate of ${formatDollars(estimateCents)}.`,
      '',
      `Because that is more than a little different from the estimate, nothing changes until you approve it. Review and approve it here, no sign-in needed: ${link}`,
      '',
      'If the price looks wrong to you, reply to this e-mail or call us before approving; until then the estimate stands and nothing more is charged.',
      '',
      `Booking reference: ${booking.id}`,
      '',
      ...SIGNATURE,
    ],
    'price_approval_request',
  );
}
