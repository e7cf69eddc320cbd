import type { OpenJob } from '@twinclean/shared/provider-jobs';
import type { PayTerms } from '@twinclean/shared/provider-pay';
import type { Knex } from 'knex';
import { FITS_SQL, STRETCHES_SQL } from '../../core/availability-fit';
import { CARD_GRAPH, type CardSource, cardSource, toOpenJob } from '../../core/job-card';
import { prepared } from '../../db/prepared';
import { AppError, notFound } from '../../errors';
import { OFFERED_POST_SQL } from '../../models/auction-post';
import { Booking, OPEN_JOB_SQL } from '../../models/booking';
import { bonusFor, recordClaim } from '../auction/service';
import { vipOf } from '../auction/vip';
import type { AfterCommit, DepositRequests } from '../payments/requests';
import { loadPricing } from '../pricing/service';
import type { JobAlerts } from '../push/job-alerts';

/** The soonest jobs a board shows: enough for any day's choices, small enough for a phone. */
export const BOARD_LIMIT = 200;

/**
 * Open jobs (OPEN_JOB_SQL) that fit inside one of the provider's active availability stretches
 * (fit.ts), soonest first; every open job when the provider has set none (the app then suggests
 * setting some). Only what a card shows: each service's details joined in (a rug order's items
 * gathered into one JSON list) and the provider's rate and share from the pricing row. One
 * statement, the same text on every call: prepared once per connection, no query building per
 * request (the board is the provider app's busiest read), and PostgreSQL reads the open-jobs
 * index in date order and stops at the limit. A job on the auction board (OFFERED_POST_SQL) shows
 * its bonus, and only to VIPs until its VIP window ends (DECISIONS.md "Admin operations").
 *
 * Every job read before the limit is checked against the stretches, so that check must be cheap:
 * the stretches are MATERIALIZED (inlined, PostgreSQL re-sorted and re-grouped the provider's
 * slots for each job it read), and a job on a day with no stretch is dropped by a hashed lookup of
 * the days before FITS_SQL runs (FITS_SQL requires the day anyway).
 */
const BOARD_SQL = `
  WITH slots AS (
    SELECT provider_id, day_of_week, start_time, end_time
    FROM availability_slots WHERE provider_id = :providerId AND is_active
  ), stretches AS MATERIALIZED (${STRETCHES_SQL}),
  me AS (SELECT ${vipOf('u')} AS vip FROM users u WHERE u.id = :providerId)
  SELECT bookings.id, bookings.service_type AS "serviceType", bookings.city, bookings.state,
    bookings.address, bookings.zip_code AS "zipCode", bookings.scheduled_date AS "scheduledDate",
    bookings.scheduled_time AS "scheduledTime", bookings.total_hours AS "totalHours",
    bookings.green_cleaning AS "greenCleaning", bookings.client_notes AS "clientNotes",
    bookings.total_amount_cents AS "totalAmountCents", bookings.price_is_final AS "priceIsFinal",
    bookings.dropoff_same_as_pickup AS "dropoffSameAsPickup",
    bookings.dropoff_address AS "dropoffAddress", bookings.dropoff_city AS "dropoffCity",
    bookings.dropoff_state AS "dropoffState", bookings.dropoff_zip_code AS "dropoffZipCode",
    house.home_size AS "homeSize", carpet.bedrooms, carpet.living_rooms AS "livingRooms",
    carpet.stairs, laundry.number_of_loads AS "numberOfLoads",
    CASE WHEN bookings.service_type = 'dry_cleaning' THEN (
      SELECT json_agg(json_build_object('itemId', item_id, 'quantity', quantity))
      FROM dry_cleaning_items WHERE booking_id = bookings.id
    ) END AS "dryCleaningItems",
    pricing.provider_hourly_rate_cents AS "providerHourlyRateCents",
    pricing.provider_share_percent AS "providerSharePercent",
    post.bonus_cents AS "bonusCents"
  FROM bookings
    LEFT JOIN house_cleaning_details house ON house.booking_id = bookings.id
    LEFT JOIN carpet_cleaning_details carpet ON carpet.booking_id = bookings.id
    LEFT JOIN laundry_details laundry ON laundry.booking_id = bookings.id
    LEFT JOIN pricing_config pricing ON pricing.id = 1
    LEFT JOIN auction_posts post ON ${OFFERED_POST_SQL}
  WHERE ${OPEN_JOB_SQL}
    AND (post.id IS NULL OR post.vip_until <= :now OR (SELECT vip FROM me))
    AND (NOT EXISTS (SELECT 1 FROM slots)
      OR bookings.scheduled_day_of_week IN (SELECT day_of_week FROM stretches)
        AND EXISTS (SELECT 1 FROM stretches WHERE ${FITS_SQL}))
  ORDER BY bookings.scheduled_at
  LIMIT ${BOARD_LIMIT}`;

export async function jobBoard(
  providerId: string,
  now = new Date(),
  db: Knex = Booking.knex(),
): Promise<OpenJob[]> {
  // Rows, not model instances: 200 cards are read, shaped and sent, never saved.
  const { rows } = (await db
    .raw(BOARD_SQL, { providerId, now: unestimated(db, now) })
    .options(prepared('job-board'))) as { rows: BoardRow[] };
  return rows.map((job) => toOpenJob(job, job, job.bonusCents));
}

type BoardRow = CardSource & PayTerms & { bonusCents: number | null };

/**
 * The clock as a one-off subquery, not a bare parameter, so that PostgreSQL keeps the board's
 * prepared plan. Seeing the clock, the planner counts every open job as upcoming and prices the
 * plan below its generic one (which guesses a third), so it re-planned on every call: 1.3–2 ms,
 * as much as running it. Hidden from both, the estimates agree and the cached plan is used from
 * the sixth call on; the subquery is still an index condition, read once per call.
 */
const unestimated = (db: Knex, now: Date) => db.raw('(SELECT ?::timestamptz)', [now]);

/**
 * What follows a job getting its provider, in the transaction that assigned it (a provider's
 * accept or an admin's assignment alike): the other phones' alerts say it is taken, and the
 * deposit is requested once the price is final (DECISIONS.md "Payments"). Answers the request's
 * e-mail to send after commit.
 */
export async function assigned(
  trx: Knex.Transaction,
  alerts: JobAlerts,
  deposits: DepositRequests,
  bookingId: string,
  providerId: string,
): Promise<AfterCommit | null> {
  await alerts.taken(bookingId, providerId, trx);
  await recordClaim(trx, bookingId, providerId);
  return deposits.due(trx, bookingId);
}

/**
 * First come, first served: one conditional UPDATE, so exactly one of any concurrent accepts
 * (or an admin's assignment, which locks the row) wins; the others' job alerts are queued with it.
 */
export async function acceptJob(
  db: Knex,
  alerts: JobAlerts,
  deposits: DepositRequests,
  providerId: string,
  bookingId: string,
): Promise<OpenJob> {
  await alerts.ready();
  const { taken, askForDeposit } = await db.transaction(async (trx) => {
    const rows = await trx('bookings')
      .where({ id: bookingId })
      .whereNull('providerId')
      .whereNull('canceledAt')
      .where('scheduledAt', '>', trx.fn.now())
      // A job in its VIP window is not there for anyone else: refused as a job already gone.
      .whereRaw(
        `NOT EXISTS (SELECT 1 FROM auction_posts post, users u WHERE ${OFFERED_POST_SQL}
          AND post.vip_until > now() AND u.id = ? AND NOT ${vipOf('u')})`,
        [providerId],
      )
      .update({ providerId, assignedAt: trx.fn.now(), updatedAt: trx.fn.now() }, ['id']);
    if (rows.length === 0) return { taken: false, askForDeposit: null };
    return {
      taken: true,
      askForDeposit: await assigned(trx, alerts, deposits, bookingId, providerId),
    };
  });
  await askForDeposit?.();
  if (!taken) {
    if (!(await Booking.query().findById(bookingId))) throw notFound('Job');
    throw new AppError(409, 'job_unavailable', 'This job may no longer be available.');
  }
  const booking = await Booking.query()
    .findById(bookingId)
    .withGraphFetched(CARD_GRAPH)
    .throwIfNotFound();
  return toOpenJob(
    cardSource(booking),
    await loadPricing(),
    await bonusFor(db, bookingId, providerId),
  );
}
