import { formatDollars } from '@twinclean/shared/money';
import type { MailMessage } from '../../adapters/mailer';
import { layoutEmail, serviceName, when } from '../../core/email-layout';
import type { Booking } from '../../models/booking';
import type { User } from '../../models/user';

/** The provider hears of a tip the moment it is recorded: it is theirs in full. */
export function tipReceivedEmail(
  provider: User,
  booking: Booking,
  amountCents: number,
): MailMessage {
  return layoutEmail(
    provider.email,
    'You got a tip',
    [
      `Hi ${provider.firstName},`,
      '',
      `${booking.clientFirstName} tipped you ${formatDollars(amountCents)} for the ${serviceName(booking)} on ${when(booking.scheduledDate, booking.scheduledTime)} at ${booking.address}, ${booking.city}.`,
      '',
      'Tips go to you in full. It is on that visit’s payout as a line of its own.',
      '',
      'TwinClean, Minneapolis–St Paul',
    ],
    'tip_received',
  );
}
