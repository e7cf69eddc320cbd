import { zodResolver } from '@hookform/resolvers/zod';
import type { CurrentUser } from '@twinclean/shared/auth';
import {
  carpetBookingSchema,
  dryCleaningBookingSchema,
  laundryBookingSchema,
} from '@twinclean/shared/special-bookings';
import type { FieldValues } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { typedCount } from '../../components/ui/count-field';
import {
  CARPET_CHECKS,
  carpetDefaults,
  chosenItems,
  contactPrefill,
  DRY_CLEANING_CHECKS,
  dryCleaningDefaults,
  firstProblem,
  LAUNDRY_CHECKS,
  laundryDefaults,
} from './special-state';
import '@twinclean/shared/zod-english';

/** What a submit sees: the form's resolver run on these values, then the spec's toast. */
async function toastFor(
  schema: z.ZodMiniType<FieldValues, FieldValues>,
  checks: Parameters<typeof firstProblem>[0],
  values: FieldValues,
): Promise<string | null> {
  const { errors } = await zodResolver(schema)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return firstProblem(checks, Object.keys(errors))?.title ?? null;
}

const contact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '612-555-0100',
};
const schedule = { scheduledDate: '2026-12-01', scheduledTime: '09:00' };

describe('the special-service forms check in the spec order', () => {
  it('carpet: contact, address, schedule, then rooms', async () => {
    const steps = [
      carpetDefaults,
      { ...carpetDefaults, ...contact },
      {
        ...carpetDefaults,
        ...contact,
        address: '1 Main St',
        city: 'Minneapolis',
        zipCode: '55401',
      },
    ];
    const titles = await Promise.all(
      steps.map((values) => toastFor(carpetBookingSchema, CARPET_CHECKS, values)),
    );
    expect(titles).toEqual(['Missing Information', 'Missing Address', 'Missing Schedule']);
    const placed = { ...steps[2], ...schedule };
    expect(await toastFor(carpetBookingSchema, CARPET_CHECKS, placed)).toBe('No Rooms Selected');
    // Stairs alone are not a room to clean.
    expect(await toastFor(carpetBookingSchema, CARPET_CHECKS, { ...placed, stairs: 2 })).toBe(
      'No Rooms Selected',
    );
    expect(await toastFor(carpetBookingSchema, CARPET_CHECKS, { ...placed, livingRooms: 1 })).toBe(
      null,
    );
  });

  it('laundry: contact, pickup, drop-off (only when it differs), schedule, then loads', async () => {
    const pickup = {
      pickupAddress: '1 Main St',
      pickupCity: 'Minneapolis',
      pickupZipCode: '55401',
    };
    const check = (values: FieldValues) => toastFor(laundryBookingSchema, LAUNDRY_CHECKS, values);
    const base = { ...laundryDefaults, ...contact };
    expect(await check(laundryDefaults)).toBe('Missing Information');
    expect(await check(base)).toBe('Missing Pickup Address');
    expect(await check({ ...base, ...pickup, sameAsPickup: false })).toBe(
      'Missing Dropoff Address',
    );
    expect(await check({ ...base, ...pickup })).toBe('Missing Schedule');
    expect(await check({ ...base, ...pickup, ...schedule, numberOfLoads: 0 })).toBe(
      'Invalid Load Count',
    );
    expect(await check({ ...base, ...pickup, ...schedule })).toBe(null);
  });

  it('rugs: contact, pickup, drop-off, schedule, then items', async () => {
    const pickup = { pickupAddress: '1 Main St', pickupCity: 'St Paul', pickupZip: '55102' };
    const check = (values: FieldValues) =>
      toastFor(dryCleaningBookingSchema, DRY_CLEANING_CHECKS, values);
    const base = { ...dryCleaningDefaults, ...contact, ...pickup };
    expect(await check({ ...dryCleaningDefaults, ...contact })).toBe('Missing Pickup Address');
    expect(await check({ ...base, dropoffSameAsPickup: false })).toBe('Missing Dropoff Address');
    expect(await check(base)).toBe('Missing Schedule');
    expect(await check({ ...base, ...schedule })).toBe('No Items Selected');
    const withItems = {
      ...base,
      ...schedule,
      items: { ...dryCleaningDefaults.items, rug_small: 1 },
    };
    expect(await check(withItems)).toBe(null);
  });
});

describe('form helpers', () => {
  it('sends only the items chosen', () => {
    expect(chosenItems({ ...dryCleaningDefaults.items, shirt: 2, rug_persian: 1 })).toEqual({
      shirt: 2,
      rug_persian: 1,
    });
    expect(Object.keys(dryCleaningDefaults.items)).toHaveLength(13);
  });

  it('prefills only the empty contact fields of a signed-in user', () => {
    const user = {
      firstName: 'Priya',
      lastName: 'Shah',
      email: 'standard@example.com',
      phone: null,
    } as CurrentUser;
    expect(contactPrefill({ ...contact, firstName: '' }, user)).toEqual({ firstName: 'Priya' });
    expect(contactPrefill(carpetDefaults, user)).toEqual({
      firstName: 'Priya',
      lastName: 'Shah',
      email: 'standard@example.com',
    });
    expect(contactPrefill(carpetDefaults, null)).toEqual({});
  });

  it('reads a typed count as a whole number from 0 to the maximum', () => {
    expect(typedCount('3', 20)).toBe(3);
    expect(typedCount('', 20)).toBe(0);
    expect(typedCount('abc', 20)).toBe(0);
    expect(typedCount('-4', 20)).toBe(0);
    expect(typedCount('2.7', 20)).toBe(2);
    expect(typedCount('99', 20)).toBe(20);
  });
});
