import type {
  AdminPayout,
  MarkPaidAnswer,
  PayoutsPage,
  payoutListQuerySchema,
} from '@twinclean/shared/admin';
import { ADMIN_PAGE_SIZE } from '@twinclean/shared/admin-pages';
import { centsToDollars } from '@twinclean/shared/money';
import {
  payoutPayability,
  tipOwedCents,
  tipRefundedAfterPayoutCents,
} from '@twinclean/shared/payout-rules';
import { hasPriceToConfirm } from '@twinclean/shared/provider-jobs';
import type { ServiceType } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import type * as z from 'zod/mini';
import { audit } from '../../core/audit';
import { AppError, notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { Payout } from '../../models/payout';
import {
  allPayoutRows,
  type PayoutFilters,
  type PayoutRow,
  payoutCount,
  payoutHeldByTransfer,
  payoutPage,
  payoutRow,
} from './payout-rows.sql';

/** A carpet or rug price not yet final: the share the payout is of may still change. */
const priceToConfirmOf = (job: { serviceType: ServiceType; priceIsFinal: boolean }) =>
  hasPriceToConfirm(job.serviceType) && !job.priceIsFinal;

function toView(row: PayoutRow): AdminPayout {
  return {
    id: row.id,
    provider: { id: row.providerId, firstName: row.firstName, lastName: row.lastName },
    booking: { id: row.bookingId, address: row.address, city: row.city, state: row.state },
    // decimal(6,2) columns: pg hands them over as strings.
    hoursWorked: Number(row.hoursWorked),
    hoursPaid: Number(row.hoursPaid),
    // A share of a fixed price has no hourly rate.
    hourlyRate: row.sharePercent === null ? centsToDollars(row.hourlyRateCents) : null,
    waitPay: centsToDollars(row.waitPayCents),
    bonus: centsToDollars(row.bonusCents),
    totalAmount: centsToDollars(row.totalAmountCents),
    tip: centsToDollars(row.tipCents),
    tipOwed: centsToDollars(tipOwedCents(row)),
    tipRefundedAfterPayout: centsToDollars(tipRefundedAfterPayoutCents(row)),
    status: row.status,
    geofenceVerified: row.geofenceVerified,
    reviewReason: row.reviewReason,
    payability: payoutPayability({ ...row, priceToConfirm: priceToConfirmOf(row) }),
    clockInLatitude: row.inLatitude,
    clockInLongitude: row.inLongitude,
    clockOutLatitude: row.outLatitude,
    clockOutLongitude: row.outLongitude,
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    paidBy: row.paidByName,
    transfer:
      row.transferId && row.transferWeekStart && row.transferStatus
        ? { id: row.transferId, weekStart: row.transferWeekStart, status: row.transferStatus }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * GET /api/admin/payouts: by status and provider when asked, the newest first, a page at a time
 * (a fixed cap would hide the oldest unpaid payouts, the ones most owed).
 */
export async function listPayouts(
  db: Knex,
  query: z.output<typeof payoutListQuerySchema>,
): Promise<PayoutsPage> {
  const page = query.page ?? 1;
  const [rows, total] = await Promise.all([payoutPage(db, query, page), payoutCount(db, query)]);
  return { items: rows.map(toView), page, pageSize: ADMIN_PAGE_SIZE, total };
}

/** Every payout the filters choose, the newest first, for the accountant's export. */
export async function allPayouts(db: Knex, filters: PayoutFilters): Promise<AdminPayout[]> {
  return (await allPayoutRows(db, filters)).map(toView);
}

/**
 * Mark Paid (DECISIONS.md "Admin operations", "Payouts"): pending → paid with who and when, in the
 * audit log, once, its tip line paid with it. The row lock makes two clicks (or two admins) one
 * change; a paid payout answers as it is, so a retried request is harmless. A payout the rules
 * keep from being paid (flagged for review, nothing to pay) is refused with their reason; the lock
 * also orders this against a review of the same payout and against a tip landing on it.
 */
export async function markPaid(db: Knex, actorId: string, id: string): Promise<MarkPaidAnswer> {
  const tipOnly = await db.transaction(async (trx) => {
    const payout = await Payout.query(trx).findById(id).forUpdate();
    if (!payout) throw notFound('Payout');
    const heldByTransfer = await payoutHeldByTransfer(trx, id);
    if (payout.status === 'paid' && !heldByTransfer) return settleTipOwed(trx, actorId, payout);
    const job = await Booking.query(trx)
      .findById(payout.bookingId)
      .select('serviceType', 'priceIsFinal');
    if (!job) throw notFound('Booking');
    const payability = payoutPayability({
      ...payout,
      priceToConfirm: priceToConfirmOf(job),
      heldByTransfer,
    });
    if (!payability.payable) throw new AppError(409, payability.code, payability.reason);
    const paidAt = new Date();
    // The model sets updatedAt as it patches.
    await Payout.query(trx)
      .findById(id)
      .patch({ status: 'paid', paidAt, paidBy: actorId, tipPaidCents: payout.tipCents });
    await audit(trx, {
      actorId,
      action: 'payout.mark_paid',
      entity: 'payout',
      entityId: id,
      before: { status: 'pending', paidAt: null, paidBy: null, tipPaidCents: payout.tipPaidCents },
      after: {
        status: 'paid',
        paidAt: paidAt.toISOString(),
        paidBy: actorId,
        tipPaidCents: payout.tipCents,
      },
    });
    return false;
  });
  const row = await payoutRow(db, id);
  if (!row) throw notFound('Payout');
  const message = tipOnly ? 'Tip marked as paid' : 'Payout marked as paid';
  return { message, payout: toView(row) };
}

/**
 * Mark Paid on a paid payout: a tip that came after it is paid out now, in the audit log, under
 * the caller's row lock (two clicks settle it once; with nothing owed it answers as it is). Its
 * paidAt/paidBy stay the payout's; the audit row says who paid the tip and when.
 */
async function settleTipOwed(trx: Knex.Transaction, actorId: string, payout: Payout) {
  if (tipOwedCents(payout) === 0) return false;
  await Payout.query(trx).findById(payout.id).patch({ tipPaidCents: payout.tipCents });
  await audit(trx, {
    actorId,
    action: 'payout.mark_tip_paid',
    entity: 'payout',
    entityId: payout.id,
    before: { tipPaidCents: payout.tipPaidCents },
    after: { tipPaidCents: payout.tipCents },
  });
  return true;
}
