import { priceApprovalSchema } from '@twinclean/shared/final-price';
import {
  createPaymentIntentSchema,
  type PriceApprovalLinkAnswer,
  recordPaymentSchema,
} from '@twinclean/shared/payments';
import { z } from 'zod';
import { loadPricing } from '../../core/pricing';
import { notFound } from '../../errors';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import { Booking } from '../../models/booking';
import { hit, LIMITS } from '../../security/rate-limit';
import { createBookingIntent, recordBookingPayment } from './intents';
import type { PaymentDeps } from './ledger';
import { payLinkBooking, payLinkView } from './pay-links';
import { getReceipt, listReceipts } from './receipts';

const OWN_BOOKING = { roles: ['client'], owns: 'booking' } as const;
const PUBLIC = { public: true } as const;
const tokenParams = z.object({ token: z.string().min(20).max(100) });

/** The client's own booking, or "not found" (another client's looks the same). */
async function ownBooking(deps: PaymentDeps, clientId: string, bookingId: string) {
  const booking = await Booking.query(deps.db).findOne({ id: bookingId, clientId });
  if (!booking) throw notFound('Booking');
  return booking;
}

/** Spec 2 §7 payments, pay links (no sign-in) and receipts. */
/** A pay link's holder approving a proposed final price (final-price/approvals.ts, wired in app.ts). */
export type ApproveByPayLink = (bookingId: string, totalAmount: string) => Promise<void>;

export function paymentRoutes(deps: PaymentDeps, approveByPayLink: ApproveByPayLink): Route[] {
  const limit = (ip: string) => hit(deps.db, LIMITS.paymentsPerIp, ip);
  return [
    route(
      {
        method: 'POST',
        path: '/api/bookings/:id/create-payment-intent',
        access: OWN_BOOKING,
        params: idParamsSchema,
        body: createPaymentIntentSchema,
      },
      async (_ctx, { user, params, body }) => {
        await ownBooking(deps, user.id, params.id);
        return createBookingIntent(deps, params.id, body.option);
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/bookings/:id/record-payment',
        access: OWN_BOOKING,
        params: idParamsSchema,
        body: recordPaymentSchema,
      },
      async (_ctx, { user, params, body }) => {
        await ownBooking(deps, user.id, params.id);
        return recordBookingPayment(deps, params.id, body.paymentIntentId);
      },
    ),
    route(
      { method: 'GET', path: '/api/pay/:token', access: PUBLIC, params: tokenParams },
      async (ctx, { params }) => {
        await limit(ctx.ip);
        const booking = await payLinkBooking(deps.db, params.token);
        return payLinkView(booking, await loadPricing(deps.db));
      },
    ),
    // DECISIONS.md "Final price consent": the client approves a new carpet or rug price here.
    route(
      {
        method: 'POST',
        path: '/api/pay/:token/approve-price',
        access: PUBLIC,
        params: tokenParams,
        body: priceApprovalSchema,
      },
      async (ctx, { params, body }) => {
        await limit(ctx.ip);
        const booking = await payLinkBooking(deps.db, params.token);
        await approveByPayLink(booking.id, body.totalAmount);
        const approved = await payLinkBooking(deps.db, params.token, false);
        return {
          message: 'New price approved',
          payLink: payLinkView(approved, await loadPricing(deps.db)),
        } satisfies PriceApprovalLinkAnswer;
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/pay/:token/create-payment-intent',
        access: PUBLIC,
        params: tokenParams,
        body: createPaymentIntentSchema,
      },
      async (ctx, { params, body }) => {
        await limit(ctx.ip);
        const booking = await payLinkBooking(deps.db, params.token);
        return createBookingIntent(deps, booking.id, body.option);
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/pay/:token/record-payment',
        access: PUBLIC,
        params: tokenParams,
        body: recordPaymentSchema,
      },
      async (ctx, { params, body }) => {
        await limit(ctx.ip);
        const booking = await payLinkBooking(deps.db, params.token, false);
        return recordBookingPayment(deps, booking.id, body.paymentIntentId);
      },
    ),
    route(
      { method: 'GET', path: '/api/invoices', access: { roles: ['client'] } },
      (_ctx, { user }) => listReceipts(deps.db, user.id),
    ),
    route(
      {
        method: 'GET',
        path: '/api/invoices/:id',
        access: { roles: ['client'], owns: 'receipt' },
        params: idParamsSchema,
      },
      (_ctx, { user, params }) => getReceipt(deps.db, user.id, params.id),
    ),
  ];
}
