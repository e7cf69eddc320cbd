import type { Knex } from 'knex';
import { z } from 'zod';
import { AppError, notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { bookingOfReportToken, reportLinkExpiresAt } from './tokens';

/**
 * Who reads a report, which decides its links: a signed-in client of the visit, an admin, or
 * whoever holds the completion e-mail's link (no sign-in; the token is the access).
 */
export type Reader =
  | { kind: 'client'; userId: string; bookingId: string }
  | { kind: 'admin'; bookingId: string }
  | { kind: 'token'; token: string };

/** `:token` of /api/visit-reports/…: any text up to a bound; a forged one is simply not found. */
export const reportTokenParamsSchema = z.object({
  token: z.string().min(1, 'This visit report link is not valid.').max(200),
});

export const reportPhotoParamsSchema = reportTokenParamsSchema.extend({
  photoId: z.string().uuid('Not a valid id'),
});

/** What a report is made from: the visit and everything it shows. */
const GRAPH = '[provider, photos, events, payout, payments]';

export const NOT_FINISHED = 'The visit report is ready once the visit is done.';
export const LINK_EXPIRED = 'This visit report link has expired. Sign in to see your visits.';

const badLink = () => new AppError(404, 'not_found', 'This visit report link is not valid.');

/**
 * The visit the reader asks for, with its parts, or the refusal: not theirs (404, as if it did
 * not exist), not done yet or canceled (409, one code: either way there is no report), a link
 * older than its 30 days (410).
 */
export async function reportedVisit(db: Knex, reader: Reader, now = new Date()): Promise<Booking> {
  let booking: Booking | undefined;
  if (reader.kind === 'token') {
    const id = await bookingOfReportToken(db, reader.token);
    booking = id ? await Booking.query(db).findById(id).withGraphFetched(GRAPH) : undefined;
    if (!booking) throw badLink();
  } else {
    const where =
      reader.kind === 'client'
        ? { id: reader.bookingId, clientId: reader.userId }
        : { id: reader.bookingId };
    booking = await Booking.query(db).findOne(where).withGraphFetched(GRAPH);
    if (!booking) throw notFound('Booking');
  }
  if (booking.canceledAt) {
    throw new AppError(409, 'visit_not_finished', 'This visit was canceled, so it has no report.');
  }
  if (!booking.clockOutAt) throw new AppError(409, 'visit_not_finished', NOT_FINISHED);
  if (reader.kind === 'token' && now > reportLinkExpiresAt(booking.clockOutAt)) {
    throw new AppError(410, 'link_expired', LINK_EXPIRED);
  }
  return booking;
}
