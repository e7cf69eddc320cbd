import { FREQUENCY_LABELS, FREQUENCY_WEEKS, type Frequency } from '@twinclean/shared/series';
import type { Knex } from 'knex';
import { AppError } from '../../errors';
import { Booking } from '../../models/booking';
import { BookingSeries, SeriesEvent } from '../../models/booking-series';
import { PaymentMethod } from '../../models/payment-method';
import type { SeriesDetails } from './details';

/**
 * A recurring booking's conditions (DECISIONS.md "Recurring visits"): a signed-in client (guests
 * book one time only) with a saved card, the default one each visit is charged to.
 */
export async function requireSeriesTerms(
  db: Knex,
  clientId: string | null,
  frequency: Frequency,
): Promise<void> {
  if (frequency === 'once') return;
  if (!clientId) {
    throw new AppError(400, 'sign_in_required', 'Sign in to book a recurring cleaning.');
  }
  const card = await PaymentMethod.query(db).findOne({ userId: clientId, isDefault: true });
  if (!card) {
    throw new AppError(
      400,
      'card_required',
      'Add a card to book a recurring cleaning: each visit is charged to it 12 hours before.',
    );
  }
}

/**
 * Starts a series from its first booking, in the booking's transaction: the series repeats the
 * booking's weekday, time, home and facts; the booking becomes its first visit.
 */
export async function startSeries(
  trx: Knex.Transaction,
  input: {
    booking: Pick<Booking, 'id' | 'scheduledDate' | 'scheduledTime'>;
    clientId: string;
    homeId: string;
    frequency: Exclude<Frequency, 'once'>;
    details: SeriesDetails;
  },
): Promise<BookingSeries> {
  const { booking, frequency, details } = input;
  const series = await BookingSeries.query(trx).insert({
    clientId: input.clientId,
    homeId: input.homeId,
    serviceType: details.serviceType,
    intervalWeeks: FREQUENCY_WEEKS[frequency],
    anchorDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    details,
    regularProviderId: null,
    pausedUntil: null,
    canceledAt: null,
    cancellationReason: null,
  });
  await Booking.query(trx)
    .findById(booking.id)
    .patch({ seriesId: series.id, seriesDate: booking.scheduledDate });
  await SeriesEvent.query(trx).insert({
    seriesId: series.id,
    bookingId: booking.id,
    actorId: input.clientId,
    kind: 'created',
    summary: `Booked ${FREQUENCY_LABELS[frequency].toLowerCase()}, starting with this visit.`,
  });
  return series;
}

/** The confirmation e-mail's line about the visits to come ("This cleaning repeats …"). */
export const repeatLine = (frequency: Frequency, what = 'cleaning'): string | null =>
  frequency === 'once'
    ? null
    : `This ${what} repeats ${FREQUENCY_LABELS[frequency].toLowerCase()} at the same time. We plan your visits 30 days ahead and charge each to your saved card 12 hours before it; no deposit. You can skip, move or pause visits in your account.`;
