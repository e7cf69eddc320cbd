import { describe, expect, it } from 'vitest';
import {
  baseMinutes,
  defaultHouseRooms,
  dryCleaningLines,
  estimateCarpet,
  estimateDryCleaning,
  estimateHouseCleaning,
  estimateLaundry,
  roomLabel,
  specialServiceMinutes,
} from './pricing';
import { defaultPricingConfig } from './pricing-config';
import { providerShareCents } from './provider-pay';
import { seriesDiscountPercent } from './series-pricing';

const config = defaultPricingConfig;
const defaults = defaultHouseRooms;
const none = { addOns: [], greenCleaning: false, config };

describe('baseMinutes', () => {
  it('adds 30/bedroom, 20/full bath, 10/half bath, 30 kitchen, 20 living room', () => {
    expect(baseMinutes(defaults)).toBe(180);
    expect(baseMinutes({ ...defaults, halfBathroomCount: 1 })).toBe(190);
  });

  it('multiplies two floors by 1.15, rounded up', () => {
    expect(baseMinutes({ ...defaults, numberOfFloors: 2 })).toBe(207);
    expect(baseMinutes({ ...defaults, halfBathroomCount: 1, numberOfFloors: 2 })).toBe(219);
  });

  it('never goes below 60 minutes', () => {
    const one = { ...defaults, bedroomCount: 0, fullBathroomCount: 0, hasKitchen: false };
    expect(baseMinutes({ ...one, hasLivingRoom: true })).toBe(60);
  });
});

describe('estimateHouseCleaning', () => {
  it('gives the spec example: 3 hours is $135 pay-as-you-go and $75 for subscribers', () => {
    const payg = estimateHouseCleaning({ ...none, rooms: defaults, subscription: 'none' });
    const member = estimateHouseCleaning({ ...none, rooms: defaults, subscription: 'standard' });
    expect(payg).toMatchObject({
      totalHours: 3,
      totalAmountCents: 13500,
      depositAmountCents: 5400,
    });
    expect(member).toMatchObject({ totalHours: 3, totalAmountCents: 7500, depositAmountCents: 0 });
  });

  it('adds add-on time before rounding hours up, and charges add-ons to non-subscribers only', () => {
    const addOns = [
      { quantity: 1, priceCents: 3000, timeMinutes: 30 },
      { quantity: 4, priceCents: 500, timeMinutes: 5 },
    ];
    const payg = estimateHouseCleaning({
      rooms: defaults,
      addOns,
      greenCleaning: true,
      subscription: 'none',
      config,
    });
    // 180 + 30 + 20 = 230 minutes → 4 hours.
    expect(payg).toEqual({
      baseHours: 3,
      totalHours: 4,
      hourlyRateCents: 4500,
      baseAmountCents: 18000,
      addOnsTotalCents: 5000,
      greenCleaningFeeCents: 2000,
      totalAmountCents: 25000,
      depositAmountCents: 10000,
    });
    const senior = estimateHouseCleaning({
      rooms: defaults,
      addOns,
      greenCleaning: true,
      subscription: 'senior',
      config,
    });
    expect(senior).toMatchObject({
      addOnsTotalCents: 0,
      baseAmountCents: 10000,
      totalAmountCents: 12000,
    });
  });
});

describe('special services', () => {
  it('prices carpet per room and staircase', () => {
    expect(
      estimateCarpet({ bedrooms: 2, livingRooms: 1, stairs: 1, greenCleaning: true }, config),
    ).toEqual({ baseAmountCents: 25000, greenCleaningFeeCents: 2000, totalAmountCents: 27000 });
  });

  it('prices laundry per load', () => {
    expect(
      estimateLaundry({ numberOfLoads: 3, greenCleaning: false }, config).totalAmountCents,
    ).toBe(10500);
  });

  it('prices dry cleaning and rugs per item, never under the order minimum', () => {
    // Two shirts and a tie are $17: the order is the $50 minimum, plus green cleaning.
    expect(
      estimateDryCleaning({ items: { shirt: 2, tie: 1 }, greenCleaning: true }, config),
    ).toEqual({
      itemsCents: 1700,
      baseAmountCents: 5000,
      greenCleaningFeeCents: 2000,
      totalAmountCents: 7000,
    });
    expect(
      estimateDryCleaning(
        { items: { suit_2piece: 2, rug_persian: 1 }, greenCleaning: false },
        config,
      ).totalAmountCents,
    ).toBe(19000);
  });

  it('lists each chosen dry-cleaning item at its price, in the catalogue order, as the estimate adds them', () => {
    const items = { tie: 1, shirt: 2, dress: 0 };
    expect(dryCleaningLines(items, config)).toEqual([
      { id: 'shirt', name: 'Shirt/Blouse', quantity: 2, cents: 1200 },
      { id: 'tie', name: 'Tie', quantity: 1, cents: 500 },
    ]);
    expect(estimateDryCleaning({ items, greenCleaning: false }, config).itemsCents).toBe(1700);
  });

  it('times carpet by rooms and stairs (at least an hour) and pickups at an hour', () => {
    expect(specialServiceMinutes({ kind: 'carpet', bedrooms: 1, livingRooms: 0, stairs: 1 })).toBe(
      60,
    );
    expect(specialServiceMinutes({ kind: 'carpet', bedrooms: 3, livingRooms: 1, stairs: 2 })).toBe(
      140,
    );
    expect(specialServiceMinutes({ kind: 'laundry' })).toBe(60);
    expect(specialServiceMinutes({ kind: 'dry_cleaning' })).toBe(60);
  });

  it('pays the provider their share of a fixed price', () => {
    expect(providerShareCents(27000, config.providerSharePercent)).toBe(16200);
    expect(providerShareCents(29850, 60)).toBe(17910);
  });
});

describe('roomLabel', () => {
  it('reads a room key as words', () => {
    expect(roomLabel('full_bathroom_2')).toBe('Full bathroom 2');
    expect(roomLabel('kitchen')).toBe('Kitchen');
  });
});

describe('recurring visits', () => {
  it('discount pay-as-you-go clients by frequency, never members nor one-time bookings', () => {
    expect(seriesDiscountPercent(config, 'weekly', 'none')).toBe(15);
    expect(seriesDiscountPercent(config, 'biweekly', 'none')).toBe(10);
    expect(seriesDiscountPercent(config, 'every_4_weeks', 'none')).toBe(5);
    expect(seriesDiscountPercent(config, 'once', 'none')).toBe(0);
    expect(seriesDiscountPercent(config, 'weekly', 'standard')).toBe(0);
    expect(seriesDiscountPercent(config, 'weekly', 'senior')).toBe(0);
  });

  it('take the discount off the base price only, and ask no deposit', () => {
    const addOns = [{ quantity: 1, priceCents: 3000, timeMinutes: 30 }];
    const input = {
      rooms: defaults,
      addOns,
      greenCleaning: true,
      subscription: 'none',
      config,
    } as const;
    const once = estimateHouseCleaning(input);
    const weekly = estimateHouseCleaning({ ...input, frequency: 'weekly' });
    // 210 minutes → 4 hours × $45 = $180; 15 % off is $27; add-on and green cleaning in full.
    expect(once).toMatchObject({ baseAmountCents: 18000, totalAmountCents: 23000 });
    expect(once.depositAmountCents).toBe(9200);
    expect(weekly).toMatchObject({
      baseAmountCents: 15300,
      addOnsTotalCents: 3000,
      greenCleaningFeeCents: 2000,
      totalAmountCents: 20300,
      depositAmountCents: 0,
    });
    const member = estimateHouseCleaning({
      ...input,
      subscription: 'standard',
      frequency: 'weekly',
    });
    expect(member).toMatchObject({ baseAmountCents: 10000, depositAmountCents: 0 });
    // Laundry: 3 loads × $35 = $105, 5 % off every 4 weeks; the detergent in full.
    const laundry = { numberOfLoads: 3, greenCleaning: true, subscription: 'none' } as const;
    expect(estimateLaundry({ ...laundry, frequency: 'every_4_weeks' }, config)).toEqual({
      baseAmountCents: 9975,
      greenCleaningFeeCents: 2000,
      totalAmountCents: 11975,
    });
  });
});
