import { centsToDollars } from '@twinclean/shared/money';
import {
  depositCents,
  estimateCarpet,
  estimateDryCleaning,
  estimateLaundry,
  type PricingConfig,
  specialServiceMinutes,
} from '@twinclean/shared/pricing';
import { chicagoInstant, slotProblem } from '@twinclean/shared/schedule';
import type { CreatedSpecialBooking } from '@twinclean/shared/special-bookings';
import type { PartialModelGraph } from 'objection';
import type { PostalAddress } from '../../adapters/geocoder';
import { queueMail } from '../../adapters/mailer';
import { loadPricing } from '../../core/pricing';
import { AppError } from '../../errors';
import { Booking } from '../../models/booking';
import { specialBookingConfirmationEmail } from './emails';
import { type BookingDeps, bookingClient } from './service';
import type { SpecialJob, SpecialOrder } from './special-orders';

/** The job's price from the pricing row: per room, per load, or per item with the minimum. */
function priceOf(job: SpecialJob, greenCleaning: boolean, config: PricingConfig) {
  switch (job.serviceType) {
    case 'carpet':
      return estimateCarpet({ ...job, greenCleaning }, config);
    case 'laundry':
      return estimateLaundry({ ...job, greenCleaning }, config);
    case 'dry_cleaning': {
      const items = Object.fromEntries(job.items.map((i) => [i.itemId, i.quantity]));
      return estimateDryCleaning({ items, greenCleaning }, config);
    }
  }
}

/** How long the visit takes: the board fits it into providers' availability by this. */
const minutesOf = (job: SpecialJob) =>
  job.serviceType === 'carpet'
    ? specialServiceMinutes({ kind: 'carpet', ...job })
    : specialServiceMinutes({ kind: job.serviceType });

/** The job's details rows, inserted with the booking in one graph. */
function detailsOf(job: SpecialJob): PartialModelGraph<Booking> {
  switch (job.serviceType) {
    case 'carpet':
      return {
        carpetDetails: { bedrooms: job.bedrooms, livingRooms: job.livingRooms, stairs: job.stairs },
      };
    case 'laundry':
      return { laundryDetails: { numberOfLoads: job.numberOfLoads } };
    case 'dry_cleaning':
      return { dryCleaningItems: job.items };
  }
}

const oneLine = (a: PostalAddress) => `${a.address}, ${a.city}, ${a.state} ${a.zipCode}`;

/**
 * Books carpet cleaning, a laundry pickup or a dry cleaning & rug pickup: validates the slot at
 * `now`, prices it from the pricing row (whatever the browser computed), stores the booking and
 * its details in one transaction for the job board, e-mails the client and alerts the providers
 * whose week it fits. Laundry's price is final; carpet and rugs keep the estimate booked at
 * until their price is confirmed after pickup (DECISIONS.md "Special services").
 */
export async function createSpecialBooking(
  deps: BookingDeps,
  order: SpecialOrder,
  userId: string | undefined,
  now = new Date(),
): Promise<CreatedSpecialBooking> {
  const { job, contact, place, dropoff } = order;
  const problem = slotProblem(order.scheduledDate, order.scheduledTime, now);
  if (problem) throw new AppError(400, 'invalid_slot', problem);
  const client = await bookingClient(userId);
  // The job's point for the provider's geofence; a booking is taken even when it is unknown.
  const point = await deps.geocoder.locate(place);
  const priceIsFinal = job.serviceType === 'laundry';

  await deps.alerts.ready();
  const booking = await deps.db.transaction(async (trx) => {
    const config = await loadPricing(trx);
    const priced = priceOf(job, order.greenCleaning, config);
    const deposit = depositCents(priced.totalAmountCents, client.subscription, config);
    const created = await Booking.query(trx).insertGraph({
      serviceType: job.serviceType,
      clientId: client.id,
      clientFirstName: contact.firstName,
      clientLastName: contact.lastName,
      clientEmail: contact.email,
      clientPhone: contact.phone,
      clientNotes: order.notes,
      ...place,
      dropoffSameAsPickup: dropoff?.sameAsPickup ?? null,
      dropoffAddress: dropoff?.address ?? null,
      dropoffCity: dropoff?.city ?? null,
      dropoffState: dropoff?.state ?? null,
      dropoffZipCode: dropoff?.zipCode ?? null,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
      geocodePrecision: point?.precision ?? null,
      scheduledDate: order.scheduledDate,
      scheduledTime: order.scheduledTime,
      scheduledAt: chicagoInstant(order.scheduledDate, order.scheduledTime),
      subscriptionType: client.subscription,
      // A fixed price, not hours at a rate; the hours place the visit on the board.
      totalHours: minutesOf(job) / 60,
      hourlyRateCents: null,
      greenCleaning: order.greenCleaning,
      baseAmountCents: priced.baseAmountCents,
      greenCleaningFeeCents: priced.greenCleaningFeeCents,
      totalAmountCents: priced.totalAmountCents,
      estimatedAmountCents: priceIsFinal ? null : priced.totalAmountCents,
      depositAmountCents: deposit,
      priceIsFinal,
      ...detailsOf(job),
    });
    await deps.alerts.opened(created.id, trx);
    // Queued with the booking: a crash after the commit cannot lose its confirmation.
    const mail = await queueMail(
      trx,
      specialBookingConfirmationEmail({
        to: contact.email,
        firstName: contact.firstName,
        job,
        greenCleaning: order.greenCleaning,
        date: order.scheduledDate,
        time: order.scheduledTime,
        address: oneLine(place),
        dropoffAddress: dropoff ? oneLine(dropoff) : null,
        totalCents: priced.totalAmountCents,
        depositCents: deposit,
        priceIsFinal,
        reference: created.id,
      }),
    );
    return { id: created.id, totalAmountCents: priced.totalAmountCents, deposit, mail };
  });

  await deps.mailer.deliver(booking.mail);
  return {
    id: booking.id,
    serviceType: job.serviceType,
    status: 'pending_assignment',
    totalAmount: centsToDollars(booking.totalAmountCents),
    depositAmount: centsToDollars(booking.deposit),
    priceIsFinal,
    scheduledDate: order.scheduledDate,
    scheduledTime: order.scheduledTime,
  };
}
