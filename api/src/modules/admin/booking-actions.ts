import type {
  AdminBookingAnswer,
  AdminCancelInput,
  AssignProviderInput,
} from '@twinclean/shared/admin-booking';
import {
  amountDue,
  confirmPriceTerms,
  resendPayLinkTerms,
} from '@twinclean/shared/admin-booking-rules';
import type { OwnerPriceApprovalInput } from '@twinclean/shared/final-price';
import { centsToDollars } from '@twinclean/shared/money';
import { audit } from '../../core/audit';
import { AppError } from '../../errors';
import { Booking } from '../../models/booking';
import { assignBooking, unassignBooking } from '../booking-lifecycle/assign';
import { cancelBooking } from '../booking-lifecycle/cancel';
import { allow, lockedBooking } from '../booking-lifecycle/guards';
import type { LifecycleDeps } from '../booking-lifecycle/lifecycle-deps';
import { mailAfterCommit } from '../booking-lifecycle/notices';
import { approveProposedPrice } from '../final-price/approvals';
import { confirmFinalPrice } from '../final-price/service';
import { issuePayLink, sendPaymentRequest } from '../payments/pay-links';
import { adminBooking } from './booking-view';

export type AdminBookingDeps = LifecycleDeps;

const conflict = (code: string, message: string) => new AppError(409, code, message);

const answer = async (deps: AdminBookingDeps, id: string, message: string) =>
  ({ message, booking: await adminBooking(deps.db, id) }) satisfies AdminBookingAnswer;

/** Gives the booking to a provider, or to another one (assignBooking), and answers with it. */
export const assignProvider = async (
  deps: AdminBookingDeps,
  actorId: string,
  id: string,
  input: AssignProviderInput,
): Promise<AdminBookingAnswer> => answer(deps, id, await assignBooking(deps, actorId, id, input));

/** Takes the job back from its provider (unassignBooking), and answers with it. */
export async function unassignProvider(
  deps: AdminBookingDeps,
  actorId: string,
  id: string,
  now = new Date(),
): Promise<AdminBookingAnswer> {
  await unassignBooking(deps, actorId, id, now);
  return answer(deps, id, 'Provider unassigned');
}

/**
 * An admin confirms a carpet or rug price after assignment, or after the visit when nobody did
 * (DECISIONS.md "Special services", "Final price consent"), by the provider's rules: near the
 * estimate it takes effect and the deposit request follows; further away the client is asked to
 * approve it first (an owner may approve it on the client's behalf, with a note).
 */
export async function confirmPrice(
  deps: AdminBookingDeps,
  actorId: string,
  id: string,
  totalAmount: string,
): Promise<AdminBookingAnswer> {
  const { outcome, afterCommit } = await deps.db.transaction(async (trx) => {
    const booking = await lockedBooking(trx, id);
    allow(confirmPriceTerms(booking));
    const before = {
      priceIsFinal: booking.priceIsFinal,
      totalAmount: centsToDollars(booking.totalAmountCents),
      depositAmount: centsToDollars(booking.depositAmountCents),
    };
    const result = await confirmFinalPrice(trx, deps, booking, totalAmount, {
      by: 'admin',
      userId: actorId,
    });
    const after = await Booking.query(trx).findById(id).throwIfNotFound();
    await audit(trx, {
      actorId,
      action: 'booking.confirm_price',
      entity: 'booking',
      entityId: id,
      before,
      after: {
        priceIsFinal: after.priceIsFinal,
        totalAmount: centsToDollars(after.totalAmountCents),
        depositAmount: centsToDollars(after.depositAmountCents),
        ...(after.proposedPriceCents !== null && {
          proposedPrice: centsToDollars(after.proposedPriceCents),
        }),
      },
    });
    return result;
  });
  await mailAfterCommit(deps, async () => afterCommit?.());
  return answer(
    deps,
    id,
    outcome.status === 'confirmed'
      ? 'Final price confirmed'
      : 'New price sent to the client for approval',
  );
}

/**
 * The owner approves a new price waiting for the client (DECISIONS.md "Final price consent"),
 * with a note that goes to the audit log: it takes effect as if the client had approved it.
 */
export async function approvePriceForClient(
  deps: AdminBookingDeps,
  actorId: string,
  id: string,
  input: OwnerPriceApprovalInput,
): Promise<AdminBookingAnswer> {
  await approveProposedPrice(deps, id, input.totalAmount, {
    kind: 'owner',
    userId: actorId,
    note: input.note,
  });
  return answer(deps, id, 'New price approved');
}

/**
 * Cancels on the client's behalf under the client's policy (cancelBooking: fee, refunds,
 * e-mails); admin_owner may waive the late fee, which the route checks before anything runs.
 */
export async function cancelForClient(
  deps: AdminBookingDeps,
  actorId: string,
  id: string,
  input: AdminCancelInput,
  now = new Date(),
): Promise<AdminBookingAnswer> {
  await cancelBooking(
    deps,
    {
      bookingId: id,
      by: actorId,
      reason: input.reason,
      waiveFee: input.waiveFee === true,
      record: (trx, before, terms) =>
        audit(trx, {
          actorId,
          action: 'booking.cancel',
          entity: 'booking',
          entityId: id,
          before: { canceledAt: null, amountPaid: centsToDollars(before.amountPaidCents) },
          after: {
            canceledAt: now.toISOString(),
            reason: input.reason,
            feeWaived: input.waiveFee === true,
            fee: terms.allowed ? centsToDollars(terms.feeCents) : null,
            refund: terms.allowed ? centsToDollars(terms.refundCents) : null,
          },
        }),
    },
    now,
  );
  return answer(deps, id, 'Booking Canceled');
}

/** E-mails the client a new pay link for what is due now (the deposit, the balance or all). */
export async function resendPayLink(
  deps: AdminBookingDeps,
  actorId: string,
  id: string,
): Promise<AdminBookingAnswer> {
  const sent = await deps.db.transaction(async (trx) => {
    const booking = await lockedBooking(trx, id);
    allow(resendPayLinkTerms(booking));
    const due = amountDue(booking);
    if (!due) throw conflict('nothing_due', 'Nothing is due: this booking is paid in full.');
    const link = await issuePayLink(trx, id, due.option);
    await audit(trx, {
      actorId,
      action: 'booking.resend_pay_link',
      entity: 'booking',
      entityId: id,
      before: null,
      after: { purpose: due.option, amount: centsToDollars(due.cents), to: booking.clientEmail },
    });
    return { booking, option: due.option, link };
  });
  await sendPaymentRequest(deps, sent.booking, sent.option, sent.link);
  return answer(deps, id, `Pay link sent to ${sent.booking.clientEmail}`);
}
