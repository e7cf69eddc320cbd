import {
  defaultHouseRooms,
  estimateCarpet,
  estimateDryCleaning,
  estimateHouseCleaning,
  estimateLaundry,
} from '@twinclean/shared/pricing';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import { demoAccounts, seedId } from './demo-accounts';
import { bookingBuilders, type Contact, type DemoBooking, guests } from './demo-booking-builders';
import { todaysVisit } from './demo-day';
import { demoRatedVisits } from './demo-ratings';

/** Builds the demo bookings around `now`, so the job board always has future work. */
export function demoBookings(now: Date, config: PricingConfig): DemoBooking[] {
  const { house, special } = bookingBuilders(now, config);
  const { client, standard, senior, provider, provider2 } = demoAccounts;
  // Maria's visit today: in progress during working hours, to come before, done after.
  const sofiasRooms = { bedroomCount: 2 };
  const visit = todaysVisit(
    now,
    estimateHouseCleaning({
      rooms: { ...defaultHouseRooms, ...sofiasRooms },
      addOns: [],
      greenCleaning: false,
      subscription: 'none',
      config,
    }).totalHours,
  );

  return [
    house(
      101,
      guests.emily as Contact,
      0,
      { days: 1, time: '09:00' },
      { notes: 'Two cats. Please keep the back door closed.' },
      { state: 'open' },
    ),
    house(
      102,
      client,
      1,
      { days: 2, time: '10:00' },
      {
        rooms: { bedroomCount: 4, halfBathroomCount: 1, numberOfFloors: 2 },
        addOns: [
          ['inside-oven', 1],
          ['inside-refrigerator', 1],
        ],
        green: true,
        homeSize: 'large',
      },
      { state: 'open' },
    ),
    house(
      103,
      guests.marcus as Contact,
      2,
      { days: 3, time: '13:00' },
      {
        rooms: { bedroomCount: 2, fullBathroomCount: 1 },
        homeSize: 'small',
        notes: 'Street parking only on the north side.',
      },
      { state: 'open' },
    ),
    house(
      104,
      senior,
      3,
      { days: 4, time: '08:00' },
      { rooms: { bedroomCount: 2, fullBathroomCount: 1 }, green: true, homeSize: 'small' },
      { state: 'open' },
    ),
    special(
      105,
      'carpet',
      guests.sofia as Contact,
      4,
      { days: 5, time: '11:00' },
      estimateCarpet({ bedrooms: 3, livingRooms: 1, stairs: 1, greenCleaning: false }, config),
      { carpet: { bookingId: seedId(105), bedrooms: 3, livingRooms: 1, stairs: 1 } },
      { state: 'open' },
    ),
    special(
      106,
      'laundry',
      guests.tom as Contact,
      5,
      { days: 2, time: '14:00' },
      estimateLaundry({ numberOfLoads: 3, greenCleaning: true }, config),
      { laundry: { bookingId: seedId(106), numberOfLoads: 3 }, row: { dropoffSameAsPickup: true } },
      { state: 'open' },
    ),
    house(
      107,
      client,
      6,
      { days: 6, time: '09:00' },
      { addOns: [['window-cleaning', 8]] },
      { state: 'assigned', provider },
    ),
    special(
      108,
      'carpet',
      guests.grace as Contact,
      7,
      { days: 3, time: '10:00' },
      estimateCarpet({ bedrooms: 2, livingRooms: 1, stairs: 0, greenCleaning: true }, config),
      { carpet: { bookingId: seedId(108), bedrooms: 2, livingRooms: 1, stairs: 0 } },
      { state: 'assigned', provider: provider2, depositRequested: true },
    ),
    house(
      109,
      standard,
      8,
      { days: 2, time: '12:00' },
      { addOns: [['baseboards-wiping', 1]] },
      { state: 'assigned', provider },
    ),
    house(
      110,
      client,
      9,
      { days: 5, time: '15:00' },
      { rooms: { bedroomCount: 1, fullBathroomCount: 1 }, homeSize: 'small' },
      { state: 'assigned', provider: provider2, depositRequested: true, paidCents: 'deposit' },
    ),
    special(
      111,
      'dry_cleaning',
      guests.marcus as Contact,
      10,
      { days: 4, time: '09:00' },
      estimateDryCleaning(
        { items: { suit_2piece: 2, rug_persian: 1 }, greenCleaning: false },
        config,
      ),
      {
        dryCleaningItems: [
          { itemId: 'suit_2piece', quantity: 2 },
          { itemId: 'rug_persian', quantity: 1 },
        ],
        row: {
          dropoffSameAsPickup: true,
          clientNotes: 'The Persian rug has a wine stain near one corner.',
        },
      },
      { state: 'assigned', provider },
    ),
    house(
      112,
      guests.sofia as Contact,
      11,
      { days: 0, time: visit.time },
      { rooms: sofiasRooms },
      visit.phase === 'in_progress'
        ? { state: 'in_progress', provider }
        : visit.phase === 'done'
          ? { state: 'completed', provider, waitPayCents: 0, payoutPaid: false }
          : { state: 'assigned', provider },
    ),
    house(
      113,
      client,
      0,
      { days: -3, time: '09:00' },
      { addOns: [['inside-cabinets', 1]] },
      { state: 'completed', provider, waitPayCents: 0, payoutPaid: true },
    ),
    house(
      114,
      standard,
      1,
      { days: -6, time: '13:00' },
      {},
      { state: 'completed', provider: provider2, waitPayCents: 0, payoutPaid: true },
    ),
    house(
      115,
      senior,
      2,
      { days: -1, time: '10:00' },
      { rooms: { bedroomCount: 2, fullBathroomCount: 1 } },
      { state: 'completed', provider, waitPayCents: 1000, payoutPaid: false },
    ),
    special(
      118,
      'laundry',
      guests.grace as Contact,
      7,
      { days: -4, time: '12:00' },
      estimateLaundry({ numberOfLoads: 4, greenCleaning: false }, config),
      { laundry: { bookingId: seedId(118), numberOfLoads: 4 }, row: { dropoffSameAsPickup: true } },
      { state: 'completed', provider, waitPayCents: 0, payoutPaid: false },
    ),
    house(
      116,
      client,
      3,
      { days: 8, time: '11:00' },
      {},
      { state: 'canceled', reason: 'Family visiting that week; will rebook.' },
    ),
    special(
      117,
      'laundry',
      guests.tom as Contact,
      4,
      { days: -2, time: '14:00' },
      estimateLaundry({ numberOfLoads: 2, greenCleaning: false }, config),
      { laundry: { bookingId: seedId(117), numberOfLoads: 2 }, row: { dropoffSameAsPickup: true } },
      { state: 'canceled', reason: 'Schedule changed.' },
    ),
    // Older visits, rated (demo-ratings.ts).
    ...demoRatedVisits.map((v) =>
      house(
        v.n,
        v.who,
        v.n,
        { days: -v.daysAgo, time: '10:00' },
        {},
        {
          state: 'completed',
          provider: v.provider,
          waitPayCents: 0,
          payoutPaid: true,
        },
      ),
    ),
  ];
}
