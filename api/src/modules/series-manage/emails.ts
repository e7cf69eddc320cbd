import { FREQUENCY_LABELS, frequencyOfWeeks } from '@twinclean/shared/series';
import type { MailMessage } from '../../adapters/mailer';
import { layoutEmail, SIGNATURE } from '../../core/email-layout';
import type { BookingSeries } from '../../models/booking-series';

type Person = { email: string; firstName: string };

const seriesName = (series: BookingSeries) =>
  `${series.serviceType === 'house' ? 'house cleaning' : 'laundry pickup'} (${FREQUENCY_LABELS[
    frequencyOfWeeks(series.intervalWeeks)
  ].toLowerCase()})`;

/** The client's summary of a change to their series: the consequence they were shown. */
export function seriesChangeEmail(
  client: Person,
  series: BookingSeries,
  consequence: string,
): MailMessage {
  return layoutEmail(
    client.email,
    `Your recurring ${seriesName(series)} was changed`,
    [
      `Hi ${client.firstName},`,
      '',
      `Your recurring ${seriesName(series)} was changed:`,
      consequence,
      '',
      'You can see and manage your visits in your account, under Recurring visits.',
      '',
      ...SIGNATURE,
    ],
    'series_changed',
  );
}

/** A provider whose visits of a series change: what happened to them. */
export function seriesProviderEmail(provider: Person, summary: string): MailMessage {
  return layoutEmail(
    provider.email,
    'Your recurring client’s visits changed',
    [`Hi ${provider.firstName},`, '', summary, '', 'TwinClean, Minneapolis–St Paul'],
    'series_provider_changed',
  );
}
