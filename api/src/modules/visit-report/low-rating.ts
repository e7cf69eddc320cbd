import { formatDate } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { type Mailer, queueMail } from '../../adapters/mailer';
import { layoutEmail, longDate } from '../../core/email-layout';
import { Booking } from '../../models/booking';
import type { MailAttachment } from '../../models/outbound-email';
import { User } from '../../models/user';
import type { RatingHooks } from '../ratings/service';
import { pdfFilename, type ReportDeps, renderReport } from './document';
import { visitReport } from './report';

// Issue 32: a rating of 1 or 2 stars tells the owners at once, with the visit's report attached,
// so they can call the client while it is fresh.

/** Ratings at or under this many stars alert the owners. */
export const LOW_RATING_STARS = 2;
/** The attached PDF's photos stop here, so the e-mail stays well under mail servers' limits. */
const ALERT_PHOTO_BYTES = 8 * 1024 * 1024;

export type LowRatingDeps = ReportDeps & { mailer: Mailer; logger: Logger };

const stars = (n: number) => `${n} star${n === 1 ? '' : 's'}`;

/**
 * The report of the visit being rated, as the owners read it, with the new stars (not stored
 * yet), as a PDF attachment; null when the PDF cannot be made (the alert goes without it).
 */
async function attachment(
  deps: LowRatingDeps,
  booking: Booking,
  given: number,
): Promise<MailAttachment | null> {
  try {
    const reader = { kind: 'admin', bookingId: booking.id } as const;
    const report = await visitReport(deps.db, booking, reader);
    const bytes = await renderReport(
      deps,
      booking,
      { ...report, rating: { url: null, stars: given } },
      reader,
      ALERT_PHOTO_BYTES,
    );
    return {
      filename: pdfFilename(booking),
      contentType: 'application/pdf',
      contentBase64: bytes.toString('base64'),
    };
  } catch (error) {
    deps.logger.error({ err: error, bookingId: booking.id }, 'low-rating alert: no report PDF');
    return null;
  }
}

/**
 * The ratings hook (ratings/service.ts RatingHooks) that e-mails every active owner about a
 * rating of 1 or 2 stars. The PDF is made before the rating's transaction (it reads photos from
 * storage); the e-mails are queued inside it, so they exist exactly when the rating does, and a
 * rating refused (already rated, not the client's) sends nothing.
 */
export function lowRatingAlerts(deps: LowRatingDeps): RatingHooks {
  return {
    async rated({ bookingId, clientId, stars: given, comment }) {
      if (given > LOW_RATING_STARS) return null;
      const booking = await Booking.query(deps.db)
        .findOne(clientId ? { id: bookingId, clientId } : { id: bookingId })
        .withGraphFetched('[provider, photos, events, payout, payments]');
      if (!booking?.clockOutAt || booking.canceledAt || !booking.provider) return null;
      const file = await attachment(deps, booking, given);
      const { provider } = booking;
      const cleaner = `${provider.firstName} ${provider.lastName}`;
      const subject = `Low rating: ${stars(given)} for ${cleaner} (${formatDate(booking.scheduledDate)})`;
      const link = `${deps.siteUrl}/admin/bookings/${booking.id}`;
      const lines = [
        `${booking.clientFirstName} ${booking.clientLastName} rated ${cleaner}'s visit of ${longDate(booking.scheduledDate)} ${stars(given)} out of 5.`,
        '',
        comment ? `Their comment: "${comment}"` : 'They left no comment.',
        '',
        file
          ? 'The visit report is attached. The booking:'
          : 'The visit report could not be attached. The booking and its report:',
        link,
        '',
        'TwinClean, Minneapolis–St Paul',
      ];
      return async (trx: Knex.Transaction) => {
        const owners = await User.query(trx)
          .where({ role: 'admin_owner' })
          .whereNull('deactivatedAt')
          .select('email');
        const queued: string[] = [];
        for (const owner of owners) {
          const message = layoutEmail(owner.email, subject, lines, 'low_rating_alert');
          queued.push(
            await queueMail(trx, { ...message, ...(file ? { attachments: [file] } : {}) }),
          );
        }
        return async () => {
          for (const id of queued) {
            await deps.mailer.deliver(id).catch((error: unknown) => {
              deps.logger.warn({ err: error, id }, 'low-rating alert left for the outbox sender');
            });
          }
        };
      };
    },
  };
}
