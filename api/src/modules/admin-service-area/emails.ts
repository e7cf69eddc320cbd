import type { ServiceType } from '@twinclean/shared/services';
import type { MailMessage } from '../../adapters/mailer';
import { layoutEmail } from '../../core/email-layout';

// The one e-mail the waitlist gets: the ZIP they asked about is served now, and where to book.

const BOOK_PATHS: Record<ServiceType, { name: string; path: string }> = {
  house: { name: 'house cleaning', path: '/book/house' },
  carpet: { name: 'carpet cleaning', path: '/book/carpet' },
  laundry: { name: 'laundry pickup', path: '/book/laundry' },
  dry_cleaning: { name: 'dry cleaning & rug care pickup', path: '/book/dry-cleaning' },
};

export const waitlistSubject = (zip: string) => `TwinClean now cleans in ${zip}`;

/** To one address, for every service it waited for in the ZIP: one link each. */
export function waitlistOpenEmail(
  to: string,
  zip: string,
  place: string | null,
  services: ServiceType[],
  siteUrl: string,
): MailMessage {
  const where = place ? `${zip} (${place})` : zip;
  return layoutEmail(
    to,
    waitlistSubject(zip),
    [
      'Hello,',
      '',
      `You asked us to tell you when TwinClean comes to ${where}. We clean there now.`,
      '',
      ...services.map((s) => `Book ${BOOK_PATHS[s].name}: ${siteUrl}${BOOK_PATHS[s].path}`),
      '',
      'You get this one e-mail because you joined our waitlist; we will not write again about it.',
      '',
      'TwinClean, Minneapolis–St Paul',
    ],
    'waitlist_open',
  );
}
