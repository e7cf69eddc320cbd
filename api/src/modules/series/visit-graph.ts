import {
  depositCents,
  estimateHouseCleaning,
  estimateLaundry,
  selectedRoomKeys,
  specialServiceMinutes,
} from '@twinclean/shared/pricing';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import { isSubscriber, type SubscriptionType } from '@twinclean/shared/roles';
import { chicagoInstant } from '@twinclean/shared/schedule';
import { frequencyOfWeeks } from '@twinclean/shared/series';
import type { Knex } from 'knex';
import type { PartialModelGraph } from 'objection';
import { AddOn } from '../../models/add-on';
import type { Booking } from '../../models/booking';
import type { BookingSeries } from '../../models/booking-series';
import type { Home } from '../../models/home';
import type { HouseSeriesDetails, SeriesDetails } from './details';

/** The stored add-ons still offered, at today's prices (one retired since is left out). */
async function pricedAddOns(trx: Knex, details: HouseSeriesDetails) {
  const chosen = details.addOns.filter((a) => a.quantity > 0);
  if (chosen.length === 0) return [];
  const rows = await AddOn.query(trx)
    .whereIn(
      'id',
      chosen.map((a) => a.id),
    )
    .where('isActive', true);
  return rows.map((row) => ({
    id: row.id,
    quantity: chosen.find((a) => a.id === row.id)?.quantity ?? 0,
    priceCents: row.priceCents,
    timeMinutes: row.timeMinutes,
  }));
}

async function serviceColumns(
  trx: Knex,
  details: SeriesDetails,
  series: BookingSeries,
  subscription: SubscriptionType,
  config: PricingConfig,
): Promise<PartialModelGraph<Booking>> {
  const frequency = frequencyOfWeeks(series.intervalWeeks);
  if (details.serviceType === 'laundry') {
    const priced = estimateLaundry({ ...details, frequency, subscription }, config);
    const { dropoff } = details;
    return {
      totalHours: specialServiceMinutes({ kind: 'laundry' }) / 60,
      hourlyRateCents: null,
      baseAmountCents: priced.baseAmountCents,
      greenCleaningFeeCents: priced.greenCleaningFeeCents,
      totalAmountCents: priced.totalAmountCents,
      depositAmountCents: depositCents(priced.totalAmountCents, subscription, config, frequency),
      estimatedAmountCents: null,
      dropoffSameAsPickup: dropoff?.sameAsPickup ?? null,
      dropoffAddress: dropoff?.address ?? null,
      dropoffCity: dropoff?.city ?? null,
      dropoffState: dropoff?.state ?? null,
      dropoffZipCode: dropoff?.zipCode ?? null,
      laundryDetails: { numberOfLoads: details.numberOfLoads },
    };
  }
  const addOns = await pricedAddOns(trx, details);
  const estimate = estimateHouseCleaning({
    rooms: details.rooms,
    addOns,
    greenCleaning: details.greenCleaning,
    subscription,
    config,
    frequency,
  });
  return {
    ...estimate,
    houseDetails: { ...details.rooms, selectedRooms: selectedRoomKeys(details.rooms) },
    addOns: addOns.map((a) => ({
      addOnId: a.id,
      quantity: a.quantity,
      // Waived for subscribers, so the stored line matches the stored total.
      unitPriceCents: isSubscriber(subscription) ? 0 : a.priceCents,
      timeMinutes: a.timeMinutes,
    })),
  };
}

/**
 * A planned visit of the series on `date`, as a booking graph: the first booking's facts, the
 * home's address and point, priced now from the pricing config, the client's rate and the
 * series discount. It waits on the board unless the caller gives it to the regular provider.
 */
export async function visitGraph(
  trx: Knex,
  input: {
    series: BookingSeries;
    details: SeriesDetails;
    home: Home;
    date: string;
    subscription: SubscriptionType;
    config: PricingConfig;
  },
): Promise<PartialModelGraph<Booking>> {
  const { series, details, home, date, subscription, config } = input;
  return {
    serviceType: series.serviceType,
    clientId: series.clientId,
    clientFirstName: details.contact.firstName,
    clientLastName: details.contact.lastName,
    clientEmail: details.contact.email,
    clientPhone: details.contact.phone,
    clientNotes: details.clientNotes,
    address: home.address,
    city: home.city,
    state: home.state,
    zipCode: home.zipCode,
    latitude: home.latitude,
    longitude: home.longitude,
    geocodePrecision: home.geocodePrecision,
    homeId: home.id,
    seriesId: series.id,
    seriesDate: date,
    scheduledDate: date,
    scheduledTime: series.scheduledTime,
    scheduledAt: chicagoInstant(date, series.scheduledTime),
    subscriptionType: subscription,
    greenCleaning: details.greenCleaning,
    priceIsFinal: true,
    ...(await serviceColumns(trx, details, series, subscription, config)),
  };
}
