import {
  type CancelTerms,
  cancelTerms,
  rescheduleTerms,
  waiveCancelFee,
} from '@twinclean/shared/booking-policy';
import type {
  CancelBookingInput,
  ClientBooking,
  ClientBookingSummary,
  RescheduleBookingInput,
} from '@twinclean/shared/client-bookings';
import { chicagoInstant, slotProblem } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { providerStillFits } from '../../core/availability-fit';
import { AppError, notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { Payment } from '../../models/payment';
import { User } from '../../models/user';
import {
  cancellationEmail,
  providerNoticeEmail,
  refundEmail,
  rescheduledEmail,
} from '../payments/emails';
import {
  type PaymentDeps,
  queueRefunds,
  REFUND_QUEUE,
  type RefundOrder,
  runRefunds,
  unmadeRefunds,
} from '../payments/ledger';
import { loadPricing } from '../pricing/service';
import type { JobAlerts } from '../push/job-alerts';
import { ratingStateOf } from '../ratings/service';
import { CLIENT_GRAPH, toClientBooking, toSummary } from './view';

export type ClientBookingDeps = PaymentDeps & { alerts: JobAlerts };

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
  const [config, rating] = await Promise.all([loadPricing(db), ratingStateOf(db, booking, now)]);
  return toClientBooking(booking, config, now, rating);
}

const refused = (reason: string) => new AppError(409, 'not_allowed', reason);

/**
 * The refunds that give back `cents` of what was paid, newest payment first; a refund already on
 * its way (`pending`, an owner's the gateway has not answered yet) is not given back twice.
 */
function refundsOf(
  payments: Payment[],
  cents: number,
  bookingId: string,
  pending: RefundOrder[],
): RefundOrder[] {
  const orders: RefundOrder[] = [];
  let left = cents;
  const onItsWay = (paymentId: string) =>
    pending.filter((o) => o.paymentId === paymentId).reduce((sum, o) => sum + o.amountCents, 0);
  for (const p of [...payments].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())) {
    const amount = Math.min(left, p.amountCents - p.refundedCents - onItsWay(p.id));
    if (amount <= 0) continue;
    orders.push({
      paymentId: p.id,
      amountCents: amount,
      reason: 'Booking canceled',
      createdBy: null,
      key: `refund:${p.id}:cancel:${bookingId}`,
    });
    left -= amount;
  }
  return orders;
}

/** Who cancels a booking, why, and what else their transaction records. */
export type CancelRequest = {
  bookingId: string;
  /** The client canceling their own booking (anyone else's is not found); absent for an admin. */
  clientId?: string;
  /** The user canceling: the client, or an admin on their behalf. */
  by: string;
  reason: string;
  /** admin_owner only (the caller checks): the late-cancellation fee is not kept. */
  waiveFee?: boolean;
  /** Runs in the cancel's transaction with the booking as it was (the admin's audit row). */
  record?: (trx: Knex.Transaction, before: Booking, terms: CancelTerms) => Promise<void>;
};

/**
 * Cancels a booking under the policy as it stands now (DECISIONS.md "Booking status",
 * "Payments"): the row is locked, so a second cancel finds it canceled (409); the fee kept and
 * the refunds are decided in the same transaction and the refunds queued with it, then run.
 * The client and the assigned provider are told.
 */
export async function cancelBooking(
  deps: PaymentDeps,
  request: CancelRequest,
  now = new Date(),
): Promise<Booking> {
  const { bookingId } = request;
  await deps.jobs.prepare([REFUND_QUEUE]);
  const { booking, orders, summary, openIntents } = await deps.db.transaction(async (trx) => {
    const booking = await Booking.query(trx)
      .findOne(request.clientId ? { id: bookingId, clientId: request.clientId } : { id: bookingId })
      .forUpdate();
    if (!booking) throw notFound('Booking');
    const policy = cancelTerms(booking, await loadPricing(trx), now);
    const terms = request.waiveFee ? waiveCancelFee(policy, booking.amountPaidCents) : policy;
    if (!terms.allowed) throw refused(terms.reason);
    await request.record?.(trx, booking.$clone(), terms);
    await booking.$query(trx).patch({
      canceledAt: now,
      canceledBy: request.by,
      cancellationReason: request.reason,
      cancellationFeeCents: terms.feeCents,
    });
    // Locked after the booking, as settling a payment does: an owner's refund of one waits.
    const payments = await Payment.query(trx).where({ bookingId }).forUpdate();
    const paid = payments.filter((p) => p.status === 'succeeded');
    const pending = await unmadeRefunds(
      deps.jobs,
      trx,
      paid.map((p) => p.id),
    );
    const orders = refundsOf(paid, terms.refundCents, bookingId, pending);
    await queueRefunds(deps.jobs, trx, orders);
    const openIntents = payments.filter((p) => p.status === 'requires_payment');
    await Payment.query(trx)
      .patch({ status: 'canceled' })
      .whereIn(
        'id',
        openIntents.map((p) => p.id),
      );
    return { booking, orders, summary: terms.summary, openIntents };
  });
  // An intent left open could still be paid; one paid meanwhile is refunded when it settles.
  for (const p of openIntents) {
    await deps.gateway
      .cancelIntent(p.gatewayPaymentId)
      .catch((error: unknown) =>
        deps.logger.warn({ err: error }, 'could not cancel an open payment intent'),
      );
  }
  await runRefunds(deps, orders);
  await deps.mailer.send(cancellationEmail(booking, summary));
  await mailRefunds(deps, booking, orders);
  await tellProvider(deps, booking, 'canceled');
  return booking;
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

async function mailRefunds(deps: PaymentDeps, booking: Booking, orders: RefundOrder[]) {
  if (orders.length === 0) return;
  const rows = await deps.db('refunds').whereIn(
    'key',
    orders.map((o) => o.key),
  );
  for (const row of rows) await deps.mailer.send(refundEmail(booking, row));
}

async function tellProvider(
  deps: PaymentDeps,
  booking: Booking,
  what: 'canceled' | 'moved' | 'released',
  providerId = booking.providerId,
) {
  if (!providerId) return;
  const provider = await User.query(deps.db).findById(providerId);
  if (provider) {
    await deps.mailer.send(providerNoticeEmail(provider.email, provider.firstName, booking, what));
  }
}

/**
 * Moves the client's booking to another slot inside the booking window, until 12 h before the
 * visit. An assigned provider whose availability does not cover the new time is released and
 * the job goes back to the board, with a job alert; either way the provider is told.
 */
export async function rescheduleClientBooking(
  deps: ClientBookingDeps,
  clientId: string,
  bookingId: string,
  input: RescheduleBookingInput,
  now = new Date(),
): Promise<ClientBooking> {
  await deps.alerts.ready();
  const { booking, formerProvider, released } = await deps.db.transaction(async (trx) => {
    const booking = await Booking.query(trx).findOne({ id: bookingId, clientId }).forUpdate();
    if (!booking) throw notFound('Booking');
    const terms = rescheduleTerms(booking, now);
    if (!terms.allowed) throw refused(terms.reason);
    const problem = slotProblem(input.scheduledDate, input.scheduledTime, now);
    if (problem) throw new AppError(400, 'invalid_slot', problem);
    const moved = await booking.$query(trx).patchAndFetch({
      scheduledDate: input.scheduledDate,
      scheduledTime: input.scheduledTime,
      scheduledAt: chicagoInstant(input.scheduledDate, input.scheduledTime),
      // A balance request was for the old date; the new one gets its own.
      balanceRequestedAt: null,
    });
    const formerProvider = booking.providerId;
    const released =
      formerProvider !== null && !(await providerStillFits(trx, formerProvider, booking.id));
    if (released) {
      await moved.$query(trx).patch({ providerId: null, assignedAt: null, enRouteAt: null });
      await deps.alerts.opened(booking.id, trx);
    }
    return { booking: moved, formerProvider, released };
  });
  await deps.mailer.send(rescheduledEmail(booking));
  await tellProvider(deps, booking, released ? 'released' : 'moved', formerProvider);
  return getClientBooking(deps.db, clientId, bookingId, now);
}
