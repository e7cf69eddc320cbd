import type { CreatedBooking, houseBookingSchema } from '@twinclean/shared/bookings';
import { centsToDollars } from '@twinclean/shared/money';
import { depositCents, estimateHouseCleaning, selectedRoomKeys } from '@twinclean/shared/pricing';
import { isSubscriber, type SubscriptionType } from '@twinclean/shared/roles';
import { chicagoInstant, slotProblem } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Geocoder } from '../../adapters/geocoder';
import { type Mailer, queueMail } from '../../adapters/mailer';
import { loadPricing } from '../../core/pricing';
import { AppError } from '../../errors';
import { AddOn } from '../../models/add-on';
import { Booking } from '../../models/booking';
import { User } from '../../models/user';
import { withPrepaid } from '../credits/prepaid';
import { withDiscount } from '../discount-codes/apply';
import { homeForBooking } from '../homes/from-booking';
import type { JobAlerts } from '../push/job-alerts';
import { repeatLine, requireSeriesTerms, startSeries } from '../series/create';
import { requireServed } from '../service-area/served';
import { bookingConfirmationEmail } from './emails';
import { homeInputOf, houseDetailsOf, planSeriesAfterBooking } from './series-start';

type Input = z.output<typeof houseBookingSchema>;

/** The signed-in client, whose subscription sets the rate; guests and other roles pay as they go. */
export async function bookingClient(
  userId: string | undefined,
): Promise<{ id: string | null; subscription: SubscriptionType }> {
  const user = userId ? await User.query().findById(userId) : undefined;
  if (user?.role !== 'client') return { id: null, subscription: 'none' };
  return { id: user.id, subscription: user.subscriptionType };
}

export type BookingDeps = {
  db: Knex;
  mailer: Mailer;
  geocoder: Geocoder;
  alerts: JobAlerts;
  logger: Logger;
};

/**
 * Books an hourly house cleaning: validates the slot at `now`, prices it from the pricing
 * config, the add-ons in the database and the client's subscription (whatever the browser
 * computed), stores it for the job board at the client's saved home (or a new one), e-mails the
 * client and alerts the providers whose week it fits. Booked to repeat, it starts a series
 * (series discount, no deposit) whose next visits are planned once it is committed.
 */
export async function createHouseBooking(
  deps: BookingDeps,
  input: Input,
  userId: string | undefined,
  now = new Date(),
): Promise<CreatedBooking> {
  const problem = slotProblem(input.scheduledDate, input.scheduledTime, now);
  if (problem) throw new AppError(400, 'invalid_slot', problem);
  const client = await bookingClient(userId);
  await requireSeriesTerms(deps.db, client.id, input.frequency);
  // The job's point for the provider's geofence; a booking is taken even when it is unknown.
  const point = await deps.geocoder.locate(input);
  const chosen = input.addOns.filter((a) => a.quantity > 0);

  await deps.alerts.ready();
  const booking = await deps.db.transaction(async (trx) => {
    const config = await loadPricing(trx);
    const addOns = chosen.length
      ? await AddOn.query(trx)
          .whereIn(
            'id',
            chosen.map((a) => a.id),
          )
          .where('isActive', true)
      : [];
    const unknown = chosen.filter((a) => !addOns.some((row) => row.id === a.id));
    if (unknown.length) {
      throw new AppError(
        400,
        'unknown_add_on',
        `Unknown add-on: ${unknown.map((a) => a.id).join(', ')}`,
      );
    }
    const priced = chosen.map((a) => {
      const row = addOns.find((r) => r.id === a.id) as AddOn;
      return {
        id: a.id,
        quantity: a.quantity,
        priceCents: row.priceCents,
        timeMinutes: row.timeMinutes,
      };
    });
    const home = await homeForBooking(trx, client.id, homeInputOf(input), point);
    // The address booked (a saved home's, whatever the form sent) must be one we serve.
    await requireServed(trx, [{ zip: home.zipCode, field: 'zipCode' }]);
    const estimate = estimateHouseCleaning({
      rooms: input,
      addOns: priced,
      greenCleaning: input.greenCleaning,
      subscription: client.subscription,
      config,
      frequency: input.frequency,
    });
    const depositFor = (total: number) =>
      depositCents(total, client.subscription, config, input.frequency);
    const discounted = await withDiscount(
      trx,
      {
        code: input.discountCode,
        serviceType: 'house',
        email: input.clientEmail,
        clientId: client.id,
        now,
      },
      estimate,
      depositFor,
    );
    const prepaid = await withPrepaid(
      trx,
      {
        clientId: client.id,
        email: input.clientEmail,
        giftCardCode: input.giftCardCode,
        referralCode: input.referralCode,
        address: home.address,
        zipCode: home.zipCode,
      },
      discounted,
      depositFor,
      config,
    );
    const price = { ...discounted, ...prepaid };
    const created = await Booking.query(trx).insertGraph({
      serviceType: 'house',
      clientId: client.id,
      clientFirstName: input.clientFirstName,
      clientLastName: input.clientLastName,
      clientEmail: input.clientEmail,
      clientPhone: input.clientPhone,
      clientNotes: input.clientNotes,
      address: home.address,
      city: home.city,
      state: home.state,
      zipCode: home.zipCode,
      homeId: home.homeId,
      scheduledDate: input.scheduledDate,
      scheduledTime: input.scheduledTime,
      scheduledAt: chicagoInstant(input.scheduledDate, input.scheduledTime),
      subscriptionType: client.subscription,
      greenCleaning: input.greenCleaning,
      priceIsFinal: true,
      latitude: home.latitude,
      longitude: home.longitude,
      geocodePrecision: home.geocodePrecision,
      ...estimate,
      totalAmountCents: price.totalAmountCents,
      depositAmountCents: price.depositAmountCents,
      discountCents: price.discountCents,
      creditCents: price.creditCents,
      giftCardCents: price.giftCardCents,
      houseDetails: {
        homeSize: input.homeSize,
        squareFeet: input.squareFeet,
        numberOfFloors: input.numberOfFloors,
        bedroomCount: input.bedroomCount,
        fullBathroomCount: input.fullBathroomCount,
        halfBathroomCount: input.halfBathroomCount,
        hasKitchen: input.hasKitchen,
        hasLivingRoom: input.hasLivingRoom,
        selectedRooms: selectedRoomKeys(input),
        hasPets: input.hasPets,
        petDetails: input.petDetails,
      },
      addOns: priced.map((a) => ({
        addOnId: a.id,
        quantity: a.quantity,
        // Waived for subscribers, so the stored line matches the stored total.
        unitPriceCents: isSubscriber(client.subscription) ? 0 : a.priceCents,
        timeMinutes: a.timeMinutes,
      })),
    });
    await discounted.record(created);
    await prepaid.record(created);
    const series =
      input.frequency === 'once' || !client.id || !home.homeId
        ? null
        : await startSeries(trx, {
            booking: created,
            clientId: client.id,
            homeId: home.homeId,
            frequency: input.frequency,
            details: houseDetailsOf(input, chosen),
          });
    await deps.alerts.opened(created.id, trx);
    // Queued with the booking: a crash after the commit cannot lose its confirmation.
    const mail = await queueMail(
      trx,
      bookingConfirmationEmail({
        to: input.clientEmail,
        firstName: input.clientFirstName,
        date: input.scheduledDate,
        time: input.scheduledTime,
        address: `${home.address}, ${home.city}, ${home.state} ${home.zipCode}`,
        totalHours: estimate.totalHours,
        totalCents: price.totalAmountCents,
        depositCents: price.depositAmountCents,
        reference: created.id,
        repeats: repeatLine(input.frequency),
      }),
    );
    return { id: created.id, ...estimate, ...price, mail, seriesId: series?.id ?? null };
  });

  await deps.mailer.deliver(booking.mail);
  await planSeriesAfterBooking(deps, booking.seriesId, now);
  return {
    id: booking.id,
    status: 'pending_assignment',
    totalHours: booking.totalHours,
    hourlyRate: centsToDollars(booking.hourlyRateCents),
    totalAmount: centsToDollars(booking.totalAmountCents),
    depositAmount: centsToDollars(booking.depositAmountCents),
    discountAmount: centsToDollars(booking.discountCents),
    creditAmount: centsToDollars(booking.creditCents),
    giftCardAmount: centsToDollars(booking.giftCardCents),
    referralMessage: booking.referralMessage,
    seriesId: booking.seriesId,
  };
}
