import type { Booking } from '../../models/booking';
import { User } from '../../models/user';
import type { PaymentDeps } from '../payments/ledger';
import { providerNoticeEmail } from './emails';

/** Mail that must not undo a committed change: a failure is logged, the answer stands. */
export async function mailAfterCommit(deps: PaymentDeps, send: () => Promise<unknown>) {
  await send().catch((error: unknown) =>
    deps.logger.error({ err: error }, 'could not send a booking notice'),
  );
}

/** The provider a cancellation or a move concerns is told (none assigned: nobody to tell). */
export async function tellProvider(
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
