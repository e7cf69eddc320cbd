import { rescheduleTerms } from '@twinclean/shared/booking-policy';
import type { RescheduleBookingInput } from '@twinclean/shared/client-bookings';
import { chicagoInstant, slotProblem } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { providerStillFits } from '../../core/availability-fit';
import { AppError, notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { rescheduledEmail } from './emails';
import { refused } from './guards';
import type { LifecycleDeps } from './lifecycle-deps';
import { tellProvider } from './notices';

/**
 * Moves a client's booking to another slot inside the booking window, until 12 h before the
 * visit. An assigned provider whose availability does not cover the new time is released and
 * the job goes back to the board, with a job alert; either way the provider is told.
 */
export async function rescheduleBooking(
  deps: LifecycleDeps,
  { bookingId, clientId }: { bookingId: string; clientId: string },
  input: RescheduleBookingInput,
  now = new Date(),
  /** What else the move's transaction records (a series' history line and summary). */
  record?: (trx: Knex.Transaction, moved: Booking) => Promise<void>,
): Promise<Booking> {
  await deps.alerts.ready();
  const { booking, formerProvider, released } = await deps.db.transaction(async (trx) => {
    const booking = await Booking.query(trx).findOne({ id: bookingId, clientId }).forUpdate();
    if (!booking) throw notFound('Booking');
    const terms = rescheduleTerms(booking, now);
    if (!terms.allowed) throw refused(terms.reason);
    const problem = slotProblem(input.scheduledDate, input.scheduledTime, now);
    if (problem) throw new AppError(400, 'invalid_slot', problem);
    const moved = await booking.$query(trx).patchAndFetch({
      scheduledDate: input.scheduledDate,
      scheduledTime: input.scheduledTime,
      scheduledAt: chicagoInstant(input.scheduledDate, input.scheduledTime),
      // A balance request was for the old date; the new one gets its own.
      balanceRequestedAt: null,
    });
    const formerProvider = booking.providerId;
    const released =
      formerProvider !== null && !(await providerStillFits(trx, formerProvider, booking.id));
    if (released) {
      await moved.$query(trx).patch({ providerId: null, assignedAt: null, enRouteAt: null });
      await deps.alerts.opened(booking.id, trx);
    }
    await record?.(trx, released ? moved.$clone().$set({ providerId: null }) : moved);
    return { booking: moved, formerProvider, released };
  });
  await deps.mailer.send(rescheduledEmail(booking));
  await tellProvider(deps, booking, released ? 'released' : 'moved', formerProvider);
  return booking;
}
