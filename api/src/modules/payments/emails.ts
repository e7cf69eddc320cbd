import { formatDollars } from '@twinclean/shared/money';
import type { PaymentOption } from '@twinclean/shared/payments';
import type { MailMessage } from '../../adapters/mailer';
import { layoutEmail, SIGNATURE, serviceName, visitText } from '../../core/email-layout';
import type { Booking } from '../../models/booking';
import type { Payment } from '../../models/payment';

const KIND_NAMES: Record<Payment['kind'], string> = {
  deposit: 'deposit',
  balance: 'balance',
  full: 'payment in full',
  late_cancel_fee: 'late-cancellation fee',
  subscription: 'subscription',
  early_cancel_fee: 'early-cancellation fee',
  tip: 'tip',
};

const REQUESTS: Record<PaymentOption, string> = {
  deposit: 'Your cleaner is assigned, so the deposit is now due',
  balance: 'Your visit is coming up, so the balance is now due; it is due by the end of the visit',
  full: 'Your booking is ready to pay',
};

/** A payment request with its pay link (DECISIONS.md "Payments": every request has one). */
export function paymentRequestEmail(
  booking: Booking,
  purpose: PaymentOption,
  amountCents: number,
  link: string,
): MailMessage {
  return layoutEmail(
    booking.clientEmail,
    `Payment due: ${formatDollars(amountCents)} for ${serviceName(booking)}`,
    [
      `Hi ${booking.clientFirstName},`,
      '',
      `${REQUESTS[purpose]}: ${formatDollars(amountCents)} for ${visitText(booking)}.`,
      '',
      `Pay securely here, no sign-in needed: ${link}`,
      '',
      `Booking reference: ${booking.id}`,
      '',
      ...SIGNATURE,
    ],
    'payment_request',
  );
}

export function receiptEmail(booking: Booking, payment: Payment, siteUrl: string): MailMessage {
  const card = payment.cardLast4 ? ` with the card ending ${payment.cardLast4}` : '';
  return layoutEmail(
    booking.clientEmail,
    `Receipt: ${formatDollars(payment.amountCents)} paid to TwinClean`,
    [
      `Hi ${booking.clientFirstName},`,
      '',
      `We received your ${KIND_NAMES[payment.kind]} of ${formatDollars(payment.amountCents)}${card} for ${visitText(booking)}. Thank you!`,
      '',
      `Receipt number: ${payment.id}`,
      ...(booking.clientId ? [`Your receipts: ${siteUrl}/client/invoices`] : []),
      '',
      ...SIGNATURE,
    ],
    'payment_receipt',
  );
}

type Refunded = { id: string; amountCents: number; reason: string };

function refundMessage(
  to: string,
  firstName: string,
  what: string,
  refund: Refunded,
  signature: readonly string[],
) {
  return layoutEmail(
    to,
    `Refund: ${formatDollars(refund.amountCents)} on its way back to your card`,
    [
      `Hi ${firstName},`,
      '',
      `We refunded ${formatDollars(refund.amountCents)} ${what}. Reason: ${refund.reason}.`,
      'Refunds usually reach your card within 5–10 business days.',
      '',
      `Refund receipt number: ${refund.id}`,
      '',
      ...signature,
    ],
    'payment_refund',
  );
}

export const refundEmail = (booking: Booking, refund: Refunded): MailMessage =>
  refundMessage(
    booking.clientEmail,
    booking.clientFirstName,
    `for ${visitText(booking)}`,
    refund,
    SIGNATURE,
  );

export const membershipRefundEmail = (
  member: { email: string; firstName: string },
  refund: Refunded,
): MailMessage =>
  // A membership has no visit, so no visit's rescheduling terms.
  refundMessage(member.email, member.firstName, 'of your membership payment', refund, [
    'TwinClean, Minneapolis–St Paul',
  ]);
