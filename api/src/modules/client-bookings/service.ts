import type {
  CancelBookingInput,
  ClientBooking,
  ClientBookingSummary,
  RescheduleBookingInput,
} from '@twinclean/shared/client-bookings';
import type { Knex } from 'knex';
import { loadPricing } from '../../core/pricing';
import { notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { cancelBooking } from '../booking-lifecycle/cancel';
import type { LifecycleDeps } from '../booking-lifecycle/lifecycle-deps';
import { rescheduleBooking } from '../booking-lifecycle/reschedule';
import { ratingStateOf } from '../ratings/service';
import { chargeCard } from '../subscriptions/membership';
import { CLIENT_GRAPH, toClientBooking, toSummary } from './view';

export type ClientBookingDeps = LifecycleDeps;

export async function listClientBookings(
  db: Knex,
  clientId: string,
): Promise<ClientBookingSummary[]> {
  const bookings = await Booking.query(db).where({ clientId }).orderBy('scheduledAt');
  return bookings.map(toSummary);
}

/** The client's own booking; anyone else's is "not found", not "forbidden". */
export async function getClientBooking(
  db: Knex,
  clientId: string,
  bookingId: string,
  now = new Date(),
): Promise<ClientBooking> {
  const booking = await Booking.query(db)
    .findOne({ id: bookingId, clientId })
    .withGraphFetched(CLIENT_GRAPH);
  if (!booking) throw notFound('Booking');
  const [config, rating, card] = await Promise.all([
    loadPricing(db),
    ratingStateOf(db, booking, now),
    // Only a member's visit is charged to a card without asking.
    booking.subscriptionType === 'none' ? undefined : chargeCard(db, clientId),
  ]);
  return toClientBooking(booking, config, now, rating, card ?? null);
}

/** The client cancels their own booking. */
export async function cancelClientBooking(
  deps: ClientBookingDeps,
  clientId: string,
  bookingId: string,
  input: CancelBookingInput,
  now = new Date(),
): Promise<ClientBooking> {
  await cancelBooking(deps, { bookingId, clientId, by: clientId, reason: input.reason }, now);
  return getClientBooking(deps.db, clientId, bookingId, now);
}

/** The client moves their own booking (rescheduleBooking: window, provider kept or released). */
export async function rescheduleClientBooking(
  deps: ClientBookingDeps,
  clientId: string,
  bookingId: string,
  input: RescheduleBookingInput,
  now = new Date(),
): Promise<ClientBooking> {
  await rescheduleBooking(deps, { bookingId, clientId }, input, now);
  return getClientBooking(deps.db, clientId, bookingId, now);
}
