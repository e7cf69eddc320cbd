import type {
  ActionTerms,
  AdminBookingAnswer,
  AdminCancelInput,
  AssignProviderInput,
} from '@twinclean/shared/admin-booking';
import {
  amountDue,
  assignTerms,
  confirmPriceTerms,
  resendPayLinkTerms,
  unassignTerms,
} from '@twinclean/shared/admin-booking-rules';
import type { OwnerPriceApprovalInput } from '@twinclean/shared/final-price';
import { centsToDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { audit } from '../../core/audit';
import { AppError, notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { User } from '../../models/user';
import { releaseClaim } from '../auction/service';
import { cancelBooking } from '../client-bookings/service';
import { approveProposedPrice } from '../final-price/approvals';
import { confirmFinalPrice } from '../final-price/service';
import type { PaymentDeps } from '../payments/ledger';
import { issuePayLink, sendPaymentRequest } from '../payments/pay-links';
import { depositRequests } from '../payments/requests';
import { assigned } from '../provider/job-board';
import type { JobAlerts } from '../push/job-alerts';
import { adminAssignmentEmail } from './booking-emails';
import { adminBooking } from './booking-view';

export type AdminBookingDeps = PaymentDeps & { alerts: JobAlerts };

const conflict = (code: string, message: string) => new AppError(409, code, message);
const allow = (terms: ActionTerms) => {
  if (!terms.allowed) throw conflict('not_allowed', terms.reason);
};

/** The booking, locked for the rest of the transaction: concurrent actions on it queue here. */
async function locked(trx: Knex.Transaction, id: string): Promise<Booking> {
  const booking = await Booking.query(trx).findById(id).forUpdate();
  if (!booking) throw notFound('Booking');
  return booking;
}

const answer = async (deps: AdminBookingDeps, id: string, message: string) =>
  ({ message, booking: await adminBooking(deps.db, id) }) satisfies AdminBookingAnswer;

/** Mail that must not undo a committed change: a failure is logged, the answer stands. */
async function tell(deps: AdminBookingDeps, send: () => Promise<unknown>) {
  await send().catch((error: unknown) =>
    deps.logger.error({ err: error }, 'could not send an admin booking notice'),
  );
}

/**
 * Gives the booking to a provider, or to another one (DECISIONS.md "Admin operations"), before
 * anyone clocks in. The row lock makes it first-come with the job board: a provider's accept is
 * a conditional UPDATE that waits for the lock and then finds the job taken, and an assignment
 * that finds a provider it was not told about (`replacing`) is refused, so one of the two wins.
 * An open job's side effects are the accept's (alerts, the deposit request); providers old and
 * new are told.
 */
export async function assignProvider(
  deps: AdminBookingDeps,
  actorId: string,
  id: string,
  input: AssignProviderInput,
): Promise<AdminBookingAnswer> {
  await deps.alerts.ready();
  const deposits = depositRequests(deps);
  const done = await deps.db.transaction(async (trx) => {
    const booking = await locked(trx, id);
    const provider = await User.query(trx).findOne({ id: input.providerId, role: 'provider' });
    if (!provider) throw new AppError(400, 'not_a_provider', 'No provider has that id.');
    if (booking.providerId === provider.id) return null;
    allow(assignTerms(booking));
    const former = booking.providerId;
    if (input.replacing === undefined && former !== null) {
      throw conflict(
        'already_assigned',
        'This booking already has a provider. Reload the page to reassign it.',
      );
    }
    if (input.replacing !== undefined && input.replacing !== former) {
      throw conflict(
        'provider_changed',
        'This booking’s provider changed since the page loaded. Reload the page and try again.',
      );
    }
    await booking.$query(trx).patch({
      providerId: provider.id,
      assignedAt: new Date(),
      enRouteAt: null,
    });
    const askForDeposit = former
      ? await deposits.due(trx, id)
      : await assigned(trx, deps.alerts, deposits, id, provider.id);
    await audit(trx, {
      actorId,
      action: former ? 'booking.reassign' : 'booking.assign',
      entity: 'booking',
      entityId: id,
      before: { providerId: former },
      after: { providerId: provider.id },
    });
    const formerProvider = former ? await User.query(trx).findById(former) : undefined;
    return { booking, provider, formerProvider, askForDeposit };
  });
  if (!done) return answer(deps, id, 'Provider assigned');
  await tell(deps, async () => done.askForDeposit?.());
  await tell(deps, () =>
    deps.mailer.send(adminAssignmentEmail(done.provider, done.booking, 'assigned')),
  );
  const { formerProvider } = done;
  if (formerProvider) {
    await tell(deps, () =>
      deps.mailer.send(adminAssignmentEmail(formerProvider, done.booking, 'unassigned')),
    );
  }
  return answer(deps, id, formerProvider ? 'Provider reassigned' : 'Provider assigned');
}

/**
 * Takes the job back from its provider before they clock in: it returns to the job board (with
 * a job alert while it is still ahead) and the provider is told; an auction post they claimed it
 * from offers it again. Unassigned already: as it is.
 */
export async function unassignProvider(
  deps: AdminBookingDeps,
  actorId: string,
  id: string,
  now = new Date(),
): Promise<AdminBookingAnswer> {
  await deps.alerts.ready();
  const done = await deps.db.transaction(async (trx) => {
    const booking = await locked(trx, id);
    if (!booking.providerId && !booking.canceledAt) return null;
    allow(unassignTerms(booking));
    const former = booking.providerId as string;
    await booking.$query(trx).patch({ providerId: null, assignedAt: null, enRouteAt: null });
    await releaseClaim(trx, id);
    if (booking.scheduledAt > now) await deps.alerts.opened(id, trx);
    await audit(trx, {
      actorId,
      action: 'booking.unassign',
      entity: 'booking',
      entityId: id,
      before: { providerId: former },
      after: { providerId: null },
    });
    return { booking, provider: await User.query(trx).findById(former) };
  });
  const provider = done?.provider;
  if (done && provider) {
    await tell(deps, () =>
      deps.mailer.send(adminAssignmentEmail(provider, done.booking, 'unassigned')),
    );
  }
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
    const booking = await locked(trx, id);
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
  await tell(deps, async () => afterCommit?.());
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
    const booking = await locked(trx, id);
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
