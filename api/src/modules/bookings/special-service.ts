import { centsToDollars } from '@twinclean/shared/money';
import {
  depositCents,
  estimateCarpet,
  estimateDryCleaning,
  estimateLaundry,
  specialServiceMinutes,
} from '@twinclean/shared/pricing';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import type { SubscriptionType } from '@twinclean/shared/roles';
import { chicagoInstant, slotProblem } from '@twinclean/shared/schedule';
import type { CreatedSpecialBooking } from '@twinclean/shared/special-bookings';
import type { PartialModelGraph } from 'objection';
import type { PostalAddress } from '../../adapters/geocoder';
import { queueMail } from '../../adapters/mailer';
import { loadPricing } from '../../core/pricing';
import { AppError } from '../../errors';
import { Booking } from '../../models/booking';
import { withPrepaid } from '../credits/prepaid';
import { withDiscount } from '../discount-codes/apply';
import { repeatLine, requireSeriesTerms, startSeries } from '../series/create';
import { requireServed } from '../service-area/served';
import { specialBookingConfirmationEmail } from './emails';
import { bookingPlace, laundryDetailsOf, placeOf, planSeriesAfterBooking } from './series-start';
import { type BookingDeps, bookingClient } from './service';
import type { SpecialJob, SpecialOrder } from './special-orders';

/**
 * The job's price from the pricing row: per room, per load, or per item with the minimum, and
 * its deposit (none for a recurring laundry pickup, which takes the series discount).
 */
function priceOf(
  order: SpecialOrder,
  subscription: SubscriptionType,
  config: PricingConfig,
): {
  baseAmountCents: number;
  greenCleaningFeeCents: number;
  totalAmountCents: number;
  depositAmountCents: number;
} {
  const { job, greenCleaning } = order;
  const deposit = <T extends { totalAmountCents: number }>(priced: T) => ({
    ...priced,
    depositAmountCents: depositCents(priced.totalAmountCents, subscription, config),
  });
  switch (job.serviceType) {
    case 'carpet':
      return deposit(estimateCarpet({ ...job, greenCleaning }, config));
    case 'laundry': {
      const frequency = order.home?.frequency ?? 'once';
      const priced = estimateLaundry({ ...job, greenCleaning, frequency, subscription }, config);
      const deposit = depositCents(priced.totalAmountCents, subscription, config, frequency);
      return { ...priced, depositAmountCents: deposit };
    }
    case 'dry_cleaning': {
      const items = Object.fromEntries(job.items.map((i) => [i.itemId, i.quantity]));
      return deposit(estimateDryCleaning({ items, greenCleaning }, config));
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

/** Each form's names for its ZIP fields, so a refusal is shown under the right one. */
const ZIP_FIELDS: Record<SpecialJob['serviceType'], { place: string; dropoff: string }> = {
  carpet: { place: 'zipCode', dropoff: 'zipCode' },
  laundry: { place: 'pickupZipCode', dropoff: 'dropoffZipCode' },
  dry_cleaning: { place: 'pickupZip', dropoff: 'dropoffZip' },
};

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
  const frequency = order.home?.frequency ?? 'once';
  await requireSeriesTerms(deps.db, client.id, frequency);
  // The job's point for the provider's geofence; a booking is taken even when it is unknown.
  const point = await deps.geocoder.locate(place);
  const priceIsFinal = job.serviceType === 'laundry';

  await deps.alerts.ready();
  const booking = await deps.db.transaction(async (trx) => {
    const config = await loadPricing(trx);
    const gross = priceOf(order, client.subscription, config);
    const home = await bookingPlace(trx, client.id, order, point);
    // Where the work is and where it comes back must both be served.
    const fields = ZIP_FIELDS[job.serviceType];
    await requireServed(trx, [
      { zip: home.zipCode, field: fields.place },
      ...(dropoff && !dropoff.sameAsPickup
        ? [{ zip: dropoff.zipCode, field: fields.dropoff }]
        : []),
    ]);
    const depositFor = (total: number) =>
      depositCents(total, client.subscription, config, frequency);
    const discounted = await withDiscount(
      trx,
      {
        code: order.discountCode,
        serviceType: job.serviceType,
        email: contact.email,
        clientId: client.id,
        now,
      },
      gross,
      depositFor,
    );
    const prepaid = await withPrepaid(
      trx,
      {
        clientId: client.id,
        email: contact.email,
        giftCardCode: order.giftCardCode,
        referralCode: order.referralCode,
        address: home.address,
        zipCode: home.zipCode,
      },
      discounted,
      depositFor,
      config,
    );
    const priced = { ...discounted, ...prepaid };
    const created = await Booking.query(trx).insertGraph({
      serviceType: job.serviceType,
      clientId: client.id,
      clientFirstName: contact.firstName,
      clientLastName: contact.lastName,
      clientEmail: contact.email,
      clientPhone: contact.phone,
      clientNotes: order.notes,
      ...placeOf(home),
      homeId: home.homeId,
      dropoffSameAsPickup: dropoff?.sameAsPickup ?? null,
      dropoffAddress: dropoff?.address ?? null,
      dropoffCity: dropoff?.city ?? null,
      dropoffState: dropoff?.state ?? null,
      dropoffZipCode: dropoff?.zipCode ?? null,
      latitude: home.latitude,
      longitude: home.longitude,
      geocodePrecision: home.geocodePrecision,
      scheduledDate: order.scheduledDate,
      scheduledTime: order.scheduledTime,
      scheduledAt: chicagoInstant(order.scheduledDate, order.scheduledTime),
      subscriptionType: client.subscription,
      // A fixed price, not hours at a rate; the hours place the visit on the board.
      totalHours: minutesOf(job) / 60,
      hourlyRateCents: null,
      greenCleaning: order.greenCleaning,
      baseAmountCents: gross.baseAmountCents,
      greenCleaningFeeCents: gross.greenCleaningFeeCents,
      totalAmountCents: priced.totalAmountCents,
      discountCents: priced.discountCents,
      creditCents: priced.creditCents,
      giftCardCents: priced.giftCardCents,
      // The estimate is of the work, before the code: the final price is checked against it.
      estimatedAmountCents: priceIsFinal ? null : gross.totalAmountCents,
      depositAmountCents: priced.depositAmountCents,
      priceIsFinal,
      ...detailsOf(job),
    });
    const series =
      frequency === 'once' || !client.id || !home.homeId
        ? null
        : await startSeries(trx, {
            booking: created,
            clientId: client.id,
            homeId: home.homeId,
            frequency,
            details: laundryDetailsOf(order),
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
        address: oneLine(home),
        dropoffAddress: dropoff ? oneLine(dropoff) : null,
        totalCents: priced.totalAmountCents,
        depositCents: priced.depositAmountCents,
        priceIsFinal,
        reference: created.id,
        repeats: repeatLine(frequency, 'pickup'),
      }),
    );
    const seriesId = series?.id ?? null;
    await discounted.record(created);
    await prepaid.record(created);
    return { id: created.id, ...priced, mail, seriesId };
  });

  await deps.mailer.deliver(booking.mail);
  await planSeriesAfterBooking(deps, booking.seriesId, now);
  return {
    id: booking.id,
    serviceType: job.serviceType,
    status: 'pending_assignment',
    totalAmount: centsToDollars(booking.totalAmountCents),
    depositAmount: centsToDollars(booking.depositAmountCents),
    discountAmount: centsToDollars(booking.discountCents),
    creditAmount: centsToDollars(booking.creditCents),
    giftCardAmount: centsToDollars(booking.giftCardCents),
    referralMessage: booking.referralMessage,
    priceIsFinal,
    scheduledDate: order.scheduledDate,
    scheduledTime: order.scheduledTime,
    seriesId: booking.seriesId,
  };
}
