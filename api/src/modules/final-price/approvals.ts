import type { FinalPriceFacts } from '@twinclean/shared/final-price';
import { centsToDollars, enteredDollarsToCents, formatDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { audit } from '../../core/audit';
import { AppError, notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { applyFinalPrice, type PriceDeps } from './service';

/** Who approves a proposed price: the client (signed in, or through a pay link) or an owner. */
export type Approver =
  | { kind: 'client'; userId: string }
  | { kind: 'pay_link' }
  | { kind: 'owner'; userId: string; note: string };

/** A carpet or rug job done, or under way, whose price nobody has confirmed: the admin's to do. */
export const priceToConfirm = (
  booking: FinalPriceFacts & Pick<Booking, 'providerId' | 'proposedPriceCents'>,
) =>
  (booking.serviceType === 'carpet' || booking.serviceType === 'dry_cleaning') &&
  !booking.priceIsFinal &&
  !booking.canceledAt &&
  booking.providerId !== null;

/**
 * Approves the price waiting on a booking (DECISIONS.md "Final price consent"): it becomes the
 * booking's price, and what follows from that (the deposit request, a payout made since) follows.
 * `totalAmount` is the price the approver saw: a proposal replaced since is not approved blindly.
 * An owner's approval is audited with their note.
 */
export async function approveProposedPrice(
  deps: PriceDeps & { db: Knex },
  bookingId: string,
  totalAmount: string,
  approver: Approver,
): Promise<void> {
  const cents = enteredDollarsToCents(totalAmount);
  const afterCommit = await deps.db.transaction(async (trx) => {
    const booking = await Booking.query(trx).findById(bookingId).forUpdate();
    if (!booking) throw notFound('Booking');
    if (booking.canceledAt) {
      throw new AppError(409, 'job_canceled', 'This booking was canceled.');
    }
    if (booking.proposedPriceCents === null) {
      throw new AppError(409, 'no_price_to_approve', 'There is no new price waiting for approval.');
    }
    if (booking.proposedPriceCents !== cents) {
      throw new AppError(
        409,
        'price_changed',
        `The new price is now ${formatDollars(booking.proposedPriceCents)}. Review it and approve again.`,
      );
    }
    const approvedBy = { userId: approver.kind === 'pay_link' ? null : approver.userId };
    const before = {
      priceIsFinal: false,
      totalAmount: centsToDollars(booking.totalAmountCents),
      proposedPrice: centsToDollars(cents),
    };
    const send = await applyFinalPrice(
      trx,
      deps,
      booking,
      cents,
      approvedBy,
      Boolean(booking.clockOutAt),
    );
    if (approver.kind === 'owner') {
      await audit(trx, {
        actorId: approver.userId,
        action: 'booking.approve_price',
        entity: 'booking',
        entityId: booking.id,
        before,
        after: { priceIsFinal: true, totalAmount: centsToDollars(cents), note: approver.note },
      });
    }
    return send;
  });
  await afterCommit?.();
}
