import { Booking } from '../../models/booking';
import { Payment } from '../../models/payment';
import { User } from '../../models/user';
import { membershipRefundEmail, refundEmail } from './emails';
import type { PaymentDeps, RefundRow } from './ledger';

/** The client hears of it (DECISIONS.md "Payments": every refund gets an e-mail). */
export async function mailRefund(
  deps: Pick<PaymentDeps, 'db' | 'mailer'>,
  paymentId: string,
  refund: RefundRow,
) {
  const payment = await Payment.query(deps.db).findById(paymentId);
  if (!payment) return;
  const booking = payment.bookingId
    ? await Booking.query(deps.db).findById(payment.bookingId)
    : null;
  if (booking) return deps.mailer.send(refundEmail(booking, refund));
  const member = payment.userId ? await User.query(deps.db).findById(payment.userId) : null;
  if (member) return deps.mailer.send(membershipRefundEmail(member, refund));
}
