import { centsToDollars } from '@twinclean/shared/money';
import { ratingRefusal } from '@twinclean/shared/ratings';
import { serviceTitle } from '@twinclean/shared/services';
import { tipOpen, tipPercentCents } from '@twinclean/shared/tips';
import type { VisitReport } from '@twinclean/shared/visit-report';
import type { Knex } from 'knex';
import type { Booking } from '../../models/booking';
import type { Photo } from '../../models/photo';
import type { ProviderEvent } from '../../models/provider-event';
import { Rating } from '../../models/rating';
import { visitChecklist } from '../checklists/visit-checklist';
import { photoUrl } from '../photos/service';
import { ratingTokens } from '../ratings/tokens';
import type { Reader } from './access';
import { reportLinkExpiresAt } from './tokens';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** Where this reader fetches the report's files: signed in, or under the link's token. */
export function readerPaths(reader: Reader, bookingId: string) {
  if (reader.kind === 'token') {
    const base = `/api/visit-reports/${encodeURIComponent(reader.token)}`;
    return { pdf: `${base}/pdf`, photo: (id: string) => `${base}/photos/${id}` };
  }
  const base =
    reader.kind === 'admin' ? `/api/admin/bookings/${bookingId}` : `/api/bookings/${bookingId}`;
  return { pdf: `${base}/visit-report/pdf`, photo: photoUrl };
}

/**
 * A punch as the client sees it: the applied event's time and place, or, for a time recorded
 * without a punch (set by hand), the time alone and unverified.
 */
function punchFact(event: ProviderEvent | undefined, at: Date | null) {
  if (event) {
    return {
      at: event.occurredAt.toISOString(),
      geofenceVerified: event.geofenceVerified,
      distanceM: event.distanceM,
      unverifiedReason: event.geofenceVerified ? null : event.unverifiedReason,
    };
  }
  return at
    ? {
        at: at.toISOString(),
        geofenceVerified: false,
        distanceM: null,
        unverifiedReason: 'Recorded without a location',
      }
    : null;
}

/** The applied punch of a type by the visit's provider (refused punches are kept too). */
const appliedEvent = (booking: Booking, type: ProviderEvent['type']) =>
  (booking.events ?? [])
    .filter(
      (e) => e.type === type && e.responseStatus === 200 && e.providerId === booking.providerId,
    )
    .sort((a, b) => a.id - b.id)[0];

/** Oldest first by when taken (the upload time when the phone gave none). */
const inOrder = (photos: Photo[]) =>
  [...photos].sort(
    (a, b) =>
      (a.takenAt ?? a.createdAt).getTime() - (b.takenAt ?? b.createdAt).getTime() ||
      a.createdAt.getTime() - b.createdAt.getTime(),
  );

/** Clock-in to clock-out in hours, two decimals; the payout's figure when there is one. */
function workedHours(booking: Booking): number | null {
  if (booking.payout) return Number(booking.payout.hoursWorked);
  if (!booking.clockInAt || !booking.clockOutAt) return null;
  const hours = (booking.clockOutAt.getTime() - booking.clockInAt.getTime()) / 3_600_000;
  return Math.max(0, Math.round(hours * 100) / 100);
}

/**
 * The proof-of-visit report of a visit reportedVisit() let the reader see. Admins get no rating
 * link and no tip offer: rating and tipping are the client's.
 */
export async function visitReport(
  db: Knex,
  booking: Booking,
  reader: Reader,
  now = new Date(),
): Promise<VisitReport> {
  const paths = readerPaths(reader, booking.id);
  const [checklist, rating] = await Promise.all([
    visitChecklist(db, booking.id),
    Rating.query(db).findOne({ bookingId: booking.id }).select('stars'),
  ]);
  const forClient = reader.kind !== 'admin';
  const ratable = forClient && !rating && ratingRefusal(booking, now) === null;
  const ratingUrl = ratable ? `/rate/${(await ratingTokens(db))(booking.id)}` : null;
  const firstName = booking.provider?.firstName ?? null;
  const toPhoto = (photo: Photo) => ({
    id: photo.id,
    url: paths.photo(photo.id),
    width: photo.width,
    height: photo.height,
    checklistItemKey: photo.checklistItemKey,
  });
  const photos = inOrder(booking.photos ?? []);
  const tips = (booking.payments ?? [])
    .filter((p) => p.kind === 'tip' && p.status === 'succeeded')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const offerOpen =
    forClient &&
    firstName !== null &&
    booking.providerId !== null &&
    tipOpen({ clockOutAt: booking.clockOutAt, canceledAt: booking.canceledAt }, now);
  return {
    bookingId: booking.id,
    serviceLabel: serviceTitle(booking.serviceType),
    scheduledAt: booking.scheduledAt.toISOString(),
    address: `${booking.address}, ${booking.city}`,
    cleanerFirstName: firstName,
    onMyWay: booking.enRouteAt
      ? { at: booking.enRouteAt.toISOString(), etaAt: iso(booking.enRouteEtaAt) }
      : null,
    arrival: punchFact(appliedEvent(booking, 'clock_in'), booking.clockInAt),
    departure: punchFact(appliedEvent(booking, 'clock_out'), booking.clockOutAt),
    bookedHours:
      booking.serviceType === 'house' && booking.totalHours !== null
        ? Number(booking.totalHours)
        : null,
    workedHours: workedHours(booking),
    checklist,
    photos: {
      before: photos.filter((p) => p.photoType === 'before').map(toPhoto),
      after: photos.filter((p) => p.photoType === 'after').map(toPhoto),
    },
    rating: { url: ratingUrl, stars: rating?.stars ?? null },
    tips: {
      given: tips.map((p) => ({
        amount: centsToDollars(p.amountCents),
        at: p.createdAt.toISOString(),
        refunded: centsToDollars(p.refundedCents),
      })),
      offer: offerOpen
        ? {
            visitAmount: centsToDollars(booking.totalAmountCents),
            percents: tipPercentCents(booking.totalAmountCents).map((p) => ({
              percent: p.percent,
              amount: centsToDollars(p.cents),
            })),
            cleanerFirstName: firstName,
          }
        : null,
    },
    pdfUrl: paths.pdf,
    linkExpiresAt:
      reader.kind === 'token' && booking.clockOutAt
        ? reportLinkExpiresAt(booking.clockOutAt).toISOString()
        : null,
  };
}
