import { centsToDollars } from '@twinclean/shared/money';
import { type TipRecordAnswer, tipRecordSchema, tipRequestSchema } from '@twinclean/shared/tips';
import { z } from 'zod';
import { AppError, notFound } from '../../errors';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import { Booking } from '../../models/booking';
import { Payout } from '../../models/payout';
import { User } from '../../models/user';
import { hit, LIMITS } from '../../security/rate-limit';
import type { PaymentDeps } from '../payments/ledger';
import { bookingOfReportToken, reportLinkExpiresAt } from '../visit-report/tokens';
import { openTip } from './intents';
import { recordTipReport } from './record';

const OWN_BOOKING = { roles: ['client'], owns: 'booking' } as const;
const PUBLIC = { public: true } as const;
const tokenParams = z.object({ token: z.string().min(20).max(200) });

/** The client's own booking's id, or "not found" (another client's looks the same). */
async function ownBooking(deps: PaymentDeps, clientId: string, bookingId: string) {
  const booking = await Booking.query(deps.db).findOne({ id: bookingId, clientId });
  if (!booking) throw notFound('Booking');
  return booking.id;
}

/**
 * The visit a report link names (visit-report/tokens.ts), or "not found" for a token that is not
 * ours. Offering a tip needs the link alive, as the report does; recording one the client has
 * already paid does not (`live` false): the money moved, and the webhook would record it anyway.
 */
async function reportBooking(deps: PaymentDeps, token: string, live: boolean, now = new Date()) {
  const id = await bookingOfReportToken(deps.db, token);
  const booking = id ? await Booking.query(deps.db).findById(id) : undefined;
  if (!booking) throw notFound('Visit report');
  if (live && booking.clockOutAt && now > reportLinkExpiresAt(booking.clockOutAt)) {
    throw new AppError(
      410,
      'link_expired',
      'This visit report link has expired. Sign in to see your visits.',
    );
  }
  return booking.id;
}

/** Records the browser's report and thanks the client in the cleaner's name. */
async function recorded(
  deps: PaymentDeps,
  bookingId: string,
  intentId: string,
): Promise<TipRecordAnswer> {
  const payment = await recordTipReport(deps, bookingId, intentId);
  const payout = await Payout.query(deps.db).findOne({ bookingId });
  const provider = payout ? await User.query(deps.db).findById(payout.providerId) : undefined;
  return {
    message: `Thank you! Your tip goes to ${provider?.firstName ?? 'your cleaner'} in full.`,
    tip: { amount: centsToDollars(payment.amountCents), at: payment.updatedAt.toISOString() },
  };
}

/**
 * Tips (DECISIONS.md "Visit updates, checklists, tips"): the signed-in client on their booking,
 * or whoever holds the visit report's link from the completion e-mail (no sign-in).
 */
export function tipRoutes(deps: PaymentDeps): Route[] {
  const limit = (ip: string) => hit(deps.db, LIMITS.paymentsPerIp, ip);
  return [
    route(
      {
        method: 'POST',
        path: '/api/bookings/:id/tips',
        access: OWN_BOOKING,
        params: idParamsSchema,
        body: tipRequestSchema,
      },
      async (_ctx, { user, params, body }) =>
        openTip(deps, await ownBooking(deps, user.id, params.id), body),
    ),
    route(
      {
        method: 'POST',
        path: '/api/bookings/:id/tips/record',
        access: OWN_BOOKING,
        params: idParamsSchema,
        body: tipRecordSchema,
      },
      async (_ctx, { user, params, body }) =>
        recorded(deps, await ownBooking(deps, user.id, params.id), body.paymentIntentId),
    ),
    route(
      {
        method: 'POST',
        path: '/api/visit-reports/:token/tips',
        access: PUBLIC,
        params: tokenParams,
        body: tipRequestSchema,
      },
      async (ctx, { params, body }) => {
        await limit(ctx.ip);
        return openTip(deps, await reportBooking(deps, params.token, true), body);
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/visit-reports/:token/tips/record',
        access: PUBLIC,
        params: tokenParams,
        body: tipRecordSchema,
      },
      async (ctx, { params, body }) => {
        await limit(ctx.ip);
        return recorded(deps, await reportBooking(deps, params.token, false), body.paymentIntentId);
      },
    ),
  ];
}
