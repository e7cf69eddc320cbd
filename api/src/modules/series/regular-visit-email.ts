import { serviceTitle } from '@twinclean/shared/services';
import type { MailMessage } from '../../adapters/mailer';
import { layoutEmail, when } from '../../core/email-layout';
import type { Booking } from '../../models/booking';

/**
 * The regular provider's notice of a visit given to them directly. No address, notes or entry
 * notes: the job page shows those to the assigned provider (DECISIONS.md "Recurring visits").
 */
export function regularVisitEmail(
  provider: { email: string; firstName: string },
  visit: Pick<Booking, 'serviceType' | 'scheduledDate' | 'scheduledTime' | 'clientFirstName'>,
): MailMessage {
  return layoutEmail(
    provider.email,
    'A visit with your regular client',
    [
      `Hi ${provider.firstName},`,
      '',
      `A visit with your regular client ${visit.clientFirstName} is yours: ${serviceTitle(
        visit.serviceType,
      ).toLowerCase()} on ${when(visit.scheduledDate, visit.scheduledTime)}.`,
      'It is on your schedule in the TwinClean app. If you cannot make it, release it to the job board there with a reason.',
      '',
      'TwinClean, Minneapolis–St Paul',
    ],
    'series_regular_visit',
  );
}
