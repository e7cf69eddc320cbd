import * as z from 'zod/mini';
import type { PricingConfig } from './pricing-config';
import { isSubscriber, type SubscriptionType } from './roles';
import type { Frequency } from './series';
import { seriesDiscountCents } from './series-pricing';
import { type DryCleaningItemId, dryCleaningItems } from './services';

export const houseRoomsSchema = z.object({
  bedroomCount: z.number().check(z.int(), z.gte(0), z.lte(6)),
  fullBathroomCount: z.number().check(z.int(), z.gte(0), z.lte(5)),
  halfBathroomCount: z.number().check(z.int(), z.gte(0), z.lte(3)),
  hasKitchen: z.boolean(),
  hasLivingRoom: z.boolean(),
  numberOfFloors: z.union([z.literal(1), z.literal(2)]),
});
export type HouseRooms = z.infer<typeof houseRoomsSchema>;

/** The wizard's starting rooms (spec 1 §3): 3 bedrooms, 2 full baths, kitchen, living room. */
export const defaultHouseRooms: HouseRooms = {
  bedroomCount: 3,
  fullBathroomCount: 2,
  halfBathroomCount: 0,
  hasKitchen: true,
  hasLivingRoom: true,
  numberOfFloors: 1,
};

/** The room keys a house booking lists (admin badges, provider checklist): bedroom_1, kitchen, … */
/** 'full_bathroom_2' → 'Full bathroom 2', for screens that list a booking's rooms. */
export function roomLabel(key: string): string {
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function selectedRoomKeys(rooms: HouseRooms): string[] {
  const numbered = (name: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${name}_${i + 1}`);
  return [
    ...numbered('bedroom', rooms.bedroomCount),
    ...numbered('full_bathroom', rooms.fullBathroomCount),
    ...numbered('half_bathroom', rooms.halfBathroomCount),
    ...(rooms.hasKitchen ? ['kitchen'] : []),
    ...(rooms.hasLivingRoom ? ['living_room'] : []),
  ];
}

export type PricedAddOn = { quantity: number; priceCents: number; timeMinutes: number };

export type HouseEstimate = {
  baseHours: number;
  totalHours: number;
  hourlyRateCents: number;
  baseAmountCents: number;
  addOnsTotalCents: number;
  greenCleaningFeeCents: number;
  totalAmountCents: number;
  depositAmountCents: number;
};

const MINUTES = { bedroom: 30, fullBath: 20, halfBath: 10, kitchen: 30, livingRoom: 20 } as const;
const TWO_FLOOR_FACTOR = 1.15;
const MINIMUM_MINUTES = 60;

/** Room minutes before add-ons: spec 1 §9 "Wizard estimate". */
export function baseMinutes(rooms: HouseRooms): number {
  const minutes =
    rooms.bedroomCount * MINUTES.bedroom +
    rooms.fullBathroomCount * MINUTES.fullBath +
    rooms.halfBathroomCount * MINUTES.halfBath +
    (rooms.hasKitchen ? MINUTES.kitchen : 0) +
    (rooms.hasLivingRoom ? MINUTES.livingRoom : 0);
  const floored = rooms.numberOfFloors === 2 ? Math.ceil(minutes * TWO_FLOOR_FACTOR) : minutes;
  return Math.max(MINIMUM_MINUTES, floored);
}

/** No deposit for members, nor for a recurring visit: it is charged in full 12 hours before. */
export function depositCents(
  totalCents: number,
  subscription: SubscriptionType,
  config: PricingConfig,
  frequency: Frequency = 'once',
): number {
  if (isSubscriber(subscription) || frequency !== 'once') return 0;
  return Math.round((totalCents * config.depositPercent) / 100);
}

/**
 * The hourly house-cleaning price, computed the same way by the wizard and the server. A
 * recurring visit (`frequency` other than once) takes the series discount and has no deposit:
 * it is charged in full 12 hours before.
 */
export function estimateHouseCleaning(input: {
  rooms: HouseRooms;
  addOns: PricedAddOn[];
  greenCleaning: boolean;
  subscription: SubscriptionType;
  config: PricingConfig;
  frequency?: Frequency;
}): HouseEstimate {
  const { rooms, addOns, greenCleaning, subscription, config, frequency = 'once' } = input;
  const subscriber = isSubscriber(subscription);
  const base = baseMinutes(rooms);
  const addOnMinutes = addOns.reduce((sum, a) => sum + a.timeMinutes * a.quantity, 0);
  const hourlyRateCents = subscriber ? config.subscriberHourlyRateCents : config.hourlyRateCents;
  const totalHours = Math.ceil((base + addOnMinutes) / 60);
  const hoursCents = totalHours * hourlyRateCents;
  const baseAmountCents =
    hoursCents - seriesDiscountCents(hoursCents, config, frequency, subscription);
  const addOnsTotalCents = subscriber
    ? 0
    : addOns.reduce((sum, a) => sum + a.priceCents * a.quantity, 0);
  const greenCleaningFeeCents = greenCleaning ? config.greenCleaningFeeCents : 0;
  const totalAmountCents = baseAmountCents + addOnsTotalCents + greenCleaningFeeCents;
  return {
    baseHours: Math.ceil(base / 60),
    totalHours,
    hourlyRateCents,
    baseAmountCents,
    addOnsTotalCents,
    greenCleaningFeeCents,
    totalAmountCents,
    depositAmountCents: depositCents(totalAmountCents, subscription, config, frequency),
  };
}

/** Carpet: per bedroom, living room and staircase, plus green cleaning. */
export function estimateCarpet(
  input: { bedrooms: number; livingRooms: number; stairs: number; greenCleaning: boolean },
  config: PricingConfig,
) {
  const baseAmountCents =
    input.bedrooms * config.carpetBedroomCents +
    input.livingRooms * config.carpetLivingRoomCents +
    input.stairs * config.carpetStaircaseCents;
  const greenCleaningFeeCents = input.greenCleaning ? config.greenCleaningFeeCents : 0;
  return {
    baseAmountCents,
    greenCleaningFeeCents,
    totalAmountCents: baseAmountCents + greenCleaningFeeCents,
  };
}

/**
 * Laundry: per load, plus eco-friendly detergent. A recurring pickup takes the series discount
 * off the loads (not the detergent).
 */
export function estimateLaundry(
  input: {
    numberOfLoads: number;
    greenCleaning: boolean;
    frequency?: Frequency;
    subscription?: SubscriptionType;
  },
  config: PricingConfig,
) {
  const { frequency = 'once', subscription = 'none' } = input;
  const loadsCents = input.numberOfLoads * config.laundryLoadCents;
  const baseAmountCents =
    loadsCents - seriesDiscountCents(loadsCents, config, frequency, subscription);
  const greenCleaningFeeCents = input.greenCleaning ? config.greenCleaningFeeCents : 0;
  return {
    baseAmountCents,
    greenCleaningFeeCents,
    totalAmountCents: baseAmountCents + greenCleaningFeeCents,
  };
}

/**
 * Dry cleaning and rugs: each item at its listed price, the order at least the minimum. An
 * estimate: the final price is confirmed after pickup.
 */
export function estimateDryCleaning(
  input: { items: Partial<Record<DryCleaningItemId, number>>; greenCleaning: boolean },
  config: PricingConfig,
) {
  const itemsCents = dryCleaningLines(input.items, config).reduce((sum, l) => sum + l.cents, 0);
  const baseAmountCents = Math.max(itemsCents, config.dryCleaningMinimumCents);
  const greenCleaningFeeCents = input.greenCleaning ? config.greenCleaningFeeCents : 0;
  return {
    itemsCents,
    baseAmountCents,
    greenCleaningFeeCents,
    totalAmountCents: baseAmountCents + greenCleaningFeeCents,
  };
}

/** Each chosen item at its listed price, in the catalogue's order: the lines an order lists. */
export function dryCleaningLines(
  items: Partial<Record<DryCleaningItemId, number>>,
  config: PricingConfig,
) {
  return dryCleaningItems.flatMap(({ id, name }) => {
    const quantity = items[id] ?? 0;
    const cents = (config.dryCleaningItemCents[id] ?? 0) * quantity;
    return quantity > 0 ? [{ id, name, quantity, cents }] : [];
  });
}

/**
 * How long a fixed-price job takes, for the board and the availability fit (DECISIONS.md
 * "Special services"): carpet 30 min a bedroom or living room and 10 a staircase, at least an
 * hour; a laundry or dry-cleaning pickup an hour.
 */
export function specialServiceMinutes(
  job:
    | { kind: 'carpet'; bedrooms: number; livingRooms: number; stairs: number }
    | {
        kind: 'laundry' | 'dry_cleaning';
      },
): number {
  if (job.kind !== 'carpet') return 60;
  return Math.max(60, 30 * (job.bedrooms + job.livingRooms) + 10 * job.stairs);
}
