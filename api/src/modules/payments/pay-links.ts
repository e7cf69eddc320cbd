import { createHash, randomBytes } from 'node:crypto';
import { centsToDollars } from '@twinclean/shared/money';
import { type PayLinkView, type PaymentOption, paymentChoices } from '@twinclean/shared/payments';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import { serviceTitle } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import { type MailMessage, queueMail } from '../../adapters/mailer';
import { priceProposalOf } from '../../core/price-proposal';
import { AppError, notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { PaymentLink } from '../../models/payment-link';
import { paymentRequestEmail } from './emails';
import type { PaymentDeps } from './ledger';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new pay link for the booking (a random 32-byte token; only its hash is kept). */
export async function issuePayLink(
  trx: Knex.Transaction,
  bookingId: string,
  purpose: PaymentOption,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await PaymentLink.query(trx).insert({ bookingId, tokenHash: hashOf(token), purpose });
  return `/pay/${token}`;
}

/**
 * The booking a pay link is for: 404 when unknown; 410 once there is nothing left to pay, unless
 * `live` is false (recording the payment that just paid it must still find it).
 */
export async function payLinkBooking(db: Knex, token: string, live = true): Promise<Booking> {
  const link = await PaymentLink.query(db).findOne({ tokenHash: hashOf(token) });
  const booking = link ? await Booking.query(db).findById(link.bookingId) : undefined;
  if (!booking) throw notFound('Payment link');
  if (!live) return booking;
  if (booking.canceledAt) {
    throw new AppError(
      410,
      'link_inactive',
      'This booking was canceled, so there is nothing to pay.',
    );
  }
  // A new price to approve keeps the link alive: approving it comes before paying.
  if (paymentChoices(booking).length === 0 && booking.proposedPriceCents === null) {
    throw new AppError(410, 'link_inactive', 'This booking is paid. Thank you!');
  }
  return booking;
}

export function payLinkView(booking: Booking, config: PricingConfig): PayLinkView {
  return {
    bookingId: booking.id,
    serviceTitle: serviceTitle(booking.serviceType),
    clientFirstName: booking.clientFirstName,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    address: booking.address,
    city: booking.city,
    totalAmount: centsToDollars(booking.totalAmountCents),
    amountPaid: centsToDollars(booking.amountPaidCents),
    paymentChoices: paymentChoices(booking).map((c) => ({
      option: c.option,
      amount: centsToDollars(c.cents),
    })),
    priceProposal: priceProposalOf(booking, config),
  };
}

/** The e-mail asking for `purpose`'s amount as the booking stands; null when nothing is due for it. */
function paymentRequestMessage(
  siteUrl: string,
  booking: Booking,
  purpose: PaymentOption,
  link: string,
): MailMessage | null {
  const choice = paymentChoices(booking).find((c) => c.option === purpose);
  return choice ? paymentRequestEmail(booking, purpose, choice.cents, `${siteUrl}${link}`) : null;
}

/**
 * Asks the client for a payment: a pay link by e-mail, for `purpose`'s amount as it stands.
 * Sent after the transaction that made the request commits.
 */
export async function sendPaymentRequest(
  deps: Pick<PaymentDeps, 'mailer' | 'siteUrl'>,
  booking: Booking,
  purpose: PaymentOption,
  link: string,
): Promise<void> {
  const message = paymentRequestMessage(deps.siteUrl, booking, purpose, link);
  if (message) await deps.mailer.send(message);
}

/**
 * The same request's e-mail queued within the transaction that made the request (`booking` as
 * that transaction sees it), so a crash after the commit cannot lose it; the answer delivers it
 * at once after the commit (the outbox sender would, later).
 */
export async function queuePaymentRequest(
  trx: Knex.Transaction,
  deps: Pick<PaymentDeps, 'mailer' | 'siteUrl'>,
  booking: Booking,
  purpose: PaymentOption,
  link: string,
): Promise<(() => Promise<void>) | null> {
  const message = paymentRequestMessage(deps.siteUrl, booking, purpose, link);
  if (!message) return null;
  const id = await queueMail(trx, message);
  return async () => {
    await deps.mailer.deliver(id);
  };
}
