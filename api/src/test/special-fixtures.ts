import {
  depositCents,
  estimateCarpet,
  estimateDryCleaning,
  estimateLaundry,
  specialServiceMinutes,
} from '@twinclean/shared/pricing';
import { defaultPricingConfig } from '@twinclean/shared/pricing-config';
import type { Knex } from 'knex';
import { bookingRow } from './fixtures';

// Special-service jobs as POST /api/bookings/carpet|laundry|dry-cleaning stores them (priced
// from the default pricing row, the job's length in total_hours), for the provider's tests.

export type SpecialKind = 'carpet' | 'laundry' | 'dry_cleaning';

/** 3 bedrooms, 1 living room, 1 staircase: $325.00, 2 h 10 min. */
export const CARPET = { bedrooms: 3, livingRooms: 1, stairs: 1 };
/** 3 loads with eco-friendly detergent: $125.00, back to another address. */
export const LAUNDRY = {
  numberOfLoads: 3,
  dropoff: { address: '800 W Lake St', city: 'Minneapolis', state: 'MN', zipCode: '55408' },
};
/** Stored in another order than the form's, which the phone shows them in: $190.00. */
export const DRY_CLEANING_ITEMS = [
  { itemId: 'rug_persian', quantity: 1 },
  { itemId: 'suit_2piece', quantity: 2 },
] as const;
export const RUG_INSTRUCTIONS = 'The Persian rug has a wine stain near one corner.';

const config = defaultPricingConfig;

function priced(kind: SpecialKind, greenCleaning: boolean) {
  switch (kind) {
    case 'carpet':
      return {
        ...estimateCarpet({ ...CARPET, greenCleaning }, config),
        minutes: specialServiceMinutes({ kind, ...CARPET }),
      };
    case 'laundry':
      return {
        ...estimateLaundry({ numberOfLoads: LAUNDRY.numberOfLoads, greenCleaning }, config),
        minutes: specialServiceMinutes({ kind }),
      };
    case 'dry_cleaning': {
      const items = Object.fromEntries(DRY_CLEANING_ITEMS.map((i) => [i.itemId, i.quantity]));
      const { itemsCents: _, ...price } = estimateDryCleaning({ items, greenCleaning }, config);
      return { ...price, minutes: specialServiceMinutes({ kind }) };
    }
  }
}

/**
 * Inserts a carpet, laundry or dry-cleaning job starting at `start` (open unless a provider is
 * given) with its details; carpet and rug prices are estimates, laundry's is final.
 */
export async function insertSpecialJob(
  knex: Knex,
  kind: SpecialKind,
  options: {
    start: Date;
    providerId?: string;
    greenCleaning?: boolean;
    overrides?: Record<string, unknown>;
  },
): Promise<string> {
  const greenCleaning = options.greenCleaning ?? kind === 'laundry';
  const { minutes, ...price } = priced(kind, greenCleaning);
  const final = kind === 'laundry';
  const pickup = kind !== 'carpet';
  const [row] = await knex('bookings')
    .insert(
      bookingRow(options.start, {
        serviceType: kind,
        baseHours: null,
        totalHours: minutes / 60,
        hourlyRateCents: null,
        ...price,
        greenCleaning,
        estimatedAmountCents: final ? null : price.totalAmountCents,
        depositAmountCents: depositCents(price.totalAmountCents, 'none', config),
        priceIsFinal: final,
        clientNotes: kind === 'dry_cleaning' ? RUG_INSTRUCTIONS : '',
        dropoffSameAsPickup: pickup ? kind === 'dry_cleaning' : null,
        ...(kind === 'laundry'
          ? {
              dropoffAddress: LAUNDRY.dropoff.address,
              dropoffCity: LAUNDRY.dropoff.city,
              dropoffState: LAUNDRY.dropoff.state,
              dropoffZipCode: LAUNDRY.dropoff.zipCode,
            }
          : {}),
        ...(options.providerId ? { providerId: options.providerId, assignedAt: new Date() } : {}),
        ...options.overrides,
      }),
    )
    .returning('id');
  const bookingId = row.id as string;
  if (kind === 'carpet') await knex('carpetCleaningDetails').insert({ bookingId, ...CARPET });
  if (kind === 'laundry') {
    await knex('laundryDetails').insert({ bookingId, numberOfLoads: LAUNDRY.numberOfLoads });
  }
  if (kind === 'dry_cleaning') {
    await knex('dryCleaningItems').insert(DRY_CLEANING_ITEMS.map((i) => ({ bookingId, ...i })));
  }
  return bookingId;
}
