import type { PayTerms } from '@twinclean/shared/provider-pay';
import type { Knex } from 'knex';
import { FITS_SQL, STRETCHES_SQL } from '../../core/availability-fit.sql';
import type { CardSource } from '../../core/job-card';
import { queryPrepared } from '../../db/prepared';
import { OFFERED_POST_SQL } from '../../models/auction-post';
import { AWAITING_CLIENT_SQL, OPEN_JOB_SQL } from '../../models/booking';
import { vipOf } from '../auction/vip.sql';

// The provider app's two hot paths on open jobs: the board (its busiest read) and the
// first-come accept (one winner among concurrent claims).

/** The soonest jobs a board shows: enough for any day's choices, small enough for a phone. */
export const BOARD_LIMIT = 200;

/**
 * The clock as a one-off subquery, not a bare parameter, so that PostgreSQL keeps the board's
 * prepared plan. Seeing the clock, the planner counts every open job as upcoming and prices the
 * plan below its generic one (which guesses a third), so it re-planned on every call: 1.3–2 ms,
 * as much as running it. Hidden from both, the estimates agree and the cached plan is used from
 * the sixth call on; the subquery is still an index condition, read once per call.
 */
const UNESTIMATED_NOW = '(SELECT $2::timestamptz)';

/**
 * Open jobs (OPEN_JOB_SQL) that fit inside one of the provider's active availability stretches
 * (availability-fit.sql.ts), soonest first; every open job when the provider has set none (the
 * app then suggests setting some). Only what a card shows: each service's details joined in (a
 * rug order's items gathered into one JSON list) and the provider's rate and share from the
 * pricing row. One statement, the same text on every call: prepared once per connection, no query
 * building per request, and PostgreSQL reads the open-jobs index in date order and stops at the
 * limit. A job on the auction board (OFFERED_POST_SQL) shows its bonus, and only to VIPs until its
 * VIP window ends (DECISIONS.md "Admin operations").
 *
 * Every job read before the limit is checked against the stretches, so that check must be cheap:
 * the stretches are MATERIALIZED (inlined, PostgreSQL re-sorted and re-grouped the provider's
 * slots for each job it read), and a job on a day with no stretch is dropped by a hashed lookup of
 * the days before FITS_SQL runs (FITS_SQL requires the day anyway).
 *
 * Its values: $1 the provider, $2 the clock (see UNESTIMATED_NOW). The bench's bare server sends
 * this very text (bench/servers/bare.ts).
 */
export const BOARD_SQL = `
  WITH slots AS (
    SELECT provider_id, day_of_week, start_time, end_time
    FROM availability_slots WHERE provider_id = $1 AND is_active
  ), stretches AS MATERIALIZED (${STRETCHES_SQL}),
  me AS (SELECT ${vipOf('u')} AS vip FROM users u WHERE u.id = $1)
  SELECT bookings.id, bookings.service_type AS "serviceType", bookings.city, bookings.state,
    bookings.address, bookings.zip_code AS "zipCode", bookings.scheduled_date AS "scheduledDate",
    bookings.scheduled_time AS "scheduledTime", bookings.total_hours AS "totalHours",
    bookings.green_cleaning AS "greenCleaning", bookings.client_notes AS "clientNotes",
    bookings.total_amount_cents AS "totalAmountCents", bookings.price_is_final AS "priceIsFinal",
    bookings.discount_cents AS "discountCents", bookings.credit_cents AS "creditCents",
    bookings.gift_card_cents AS "giftCardCents",
    bookings.goodwill_refund_cents AS "goodwillRefundCents",
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
    post.bonus_cents AS "bonusCents", bookings.series_id AS "seriesId"
  FROM bookings
    LEFT JOIN house_cleaning_details house ON house.booking_id = bookings.id
    LEFT JOIN carpet_cleaning_details carpet ON carpet.booking_id = bookings.id
    LEFT JOIN laundry_details laundry ON laundry.booking_id = bookings.id
    LEFT JOIN pricing_config pricing ON pricing.id = 1
    LEFT JOIN auction_posts post ON ${OFFERED_POST_SQL}
  WHERE ${OPEN_JOB_SQL.replace(':now', UNESTIMATED_NOW)}
    AND (post.id IS NULL OR post.vip_until <= ${UNESTIMATED_NOW} OR (SELECT vip FROM me))
    AND (NOT EXISTS (SELECT 1 FROM slots)
      OR bookings.scheduled_day_of_week IN (SELECT day_of_week FROM stretches)
        AND EXISTS (SELECT 1 FROM stretches WHERE ${FITS_SQL}))
  ORDER BY bookings.scheduled_at
  LIMIT ${BOARD_LIMIT}`;

/**
 * A board row: a job card's facts, the provider's pay terms, the job's bonus if posted, and its
 * series if it is a series visit.
 */
export type BoardRow = CardSource &
  PayTerms & { bonusCents: number | null; seriesId: string | null };

/**
 * The provider's board at `now` (see BOARD_SQL), as rows, not model instances: never saved. Sent
 * straight through pg (queryPrepared): the text is the same on every call, nothing to build.
 */
export function boardRows(db: Knex, providerId: string, now: Date): Promise<BoardRow[]> {
  return queryPrepared<BoardRow>(db, 'job-board', { sql: BOARD_SQL, bindings: [providerId, now] });
}

/**
 * First come, first served: gives the job to the provider with one conditional UPDATE, so exactly
 * one of any concurrent claims (or an admin's assignment, which locks the row) wins. Only a job
 * still open (no provider, not canceled, ahead of the database's clock, not waiting for its client
 * after a moved day); a job in its VIP window is not there for anyone else. Answers whether this claim won.
 */
export async function claimOpenJob(
  trx: Knex.Transaction,
  bookingId: string,
  providerId: string,
): Promise<boolean> {
  const rows = await trx('bookings')
    .where({ id: bookingId })
    .whereNull('providerId')
    .whereNull('canceledAt')
    .where('scheduledAt', '>', trx.fn.now())
    .whereRaw(`NOT ${AWAITING_CLIENT_SQL}`)
    // A job in its VIP window is not there for anyone else: refused as a job already gone.
    .whereRaw(
      `NOT EXISTS (SELECT 1 FROM auction_posts post, users u WHERE ${OFFERED_POST_SQL}
        AND post.vip_until > now() AND u.id = ? AND NOT ${vipOf('u')})`,
      [providerId],
    )
    .update({ providerId, assignedAt: trx.fn.now(), updatedAt: trx.fn.now() }, ['id']);
  return rows.length > 0;
}
