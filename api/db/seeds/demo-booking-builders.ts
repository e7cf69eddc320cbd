import {
  defaultHouseRooms,
  estimateHouseCleaning,
  type HouseRooms,
  selectedRoomKeys,
  specialServiceMinutes,
} from '@twinclean/shared/pricing';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import type { SubscriptionType } from '@twinclean/shared/roles';
import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import { type DemoAccount, seedId } from './demo-accounts';
import { demoAddOns, demoAddresses } from './demo-catalog';

// How a demo booking is built (its row, details and add-ons, priced by the shared estimates);
// demo-bookings.ts says which bookings there are.

export type Contact = Pick<DemoAccount, 'firstName' | 'lastName' | 'email' | 'phone'> & {
  id?: string;
  subscriptionType?: SubscriptionType;
};
export type When = { days: number; time?: string };
export type Lifecycle =
  | { state: 'open' }
  | { state: 'assigned'; provider: DemoAccount; depositRequested?: boolean; paidCents?: 'deposit' }
  | { state: 'in_progress'; provider: DemoAccount }
  | { state: 'completed'; provider: DemoAccount; waitPayCents: number; payoutPaid: boolean }
  | { state: 'canceled'; reason: string };

export type DemoBooking = {
  id: string;
  row: Record<string, unknown>;
  house?: Record<string, unknown>;
  carpet?: Record<string, unknown>;
  laundry?: Record<string, unknown>;
  dryCleaningItems?: { itemId: string; quantity: number }[];
  addOns?: { addOnId: string; quantity: number; unitPriceCents: number; timeMinutes: number }[];
  lifecycle: Lifecycle;
};

export const guests: Record<string, Contact> = {
  emily: {
    firstName: 'Emily',
    lastName: 'Carlson',
    email: 'emily.carlson@example.net',
    phone: '612-555-0164',
  },
  marcus: {
    firstName: 'Marcus',
    lastName: 'Johnson',
    email: 'marcus.j@example.net',
    phone: '651-555-0127',
  },
  sofia: {
    firstName: 'Sofia',
    lastName: 'Ramirez',
    email: 'sofia.ramirez@example.net',
    phone: '612-555-0150',
  },
  tom: {
    firstName: 'Tom',
    lastName: 'Anderson',
    email: 'tanderson@example.net',
    phone: '763-555-0193',
  },
  grace: {
    firstName: 'Grace',
    lastName: 'Vang',
    email: 'grace.vang@example.net',
    phone: '651-555-0108',
  },
};

/** The builders of demo bookings dated from `now`'s Chicago day, priced by `config`. */
export function bookingBuilders(now: Date, config: PricingConfig) {
  const today = chicagoDate(now);
  const schedule = ({ days, time }: When) => {
    const scheduledDate = addDays(today, days);
    const scheduledTime = time ?? '09:00';
    return {
      scheduledDate,
      scheduledTime,
      scheduledAt: chicagoInstant(scheduledDate, scheduledTime),
    };
  };
  const common = (n: number, who: Contact, place: number, when: When, notes = '') => {
    const where = demoAddresses[place % demoAddresses.length];
    if (!where) throw new Error(`No demo address ${place}`);
    return {
      id: seedId(n),
      clientId: who.id ?? null,
      clientFirstName: who.firstName,
      clientLastName: who.lastName,
      clientEmail: who.email,
      clientPhone: who.phone,
      clientNotes: notes,
      ...where,
      state: 'MN',
      geocodePrecision: 'zip',
      subscriptionType: who.subscriptionType ?? 'none',
      ...schedule(when),
    };
  };
  const house = (
    n: number,
    who: Contact,
    place: number,
    when: When,
    options: {
      rooms?: Partial<HouseRooms>;
      addOns?: [string, number][];
      green?: boolean;
      notes?: string;
      homeSize?: string;
    },
    lifecycle: Lifecycle,
  ): DemoBooking => {
    const rooms = { ...defaultHouseRooms, ...options.rooms };
    const subscription = who.subscriptionType ?? 'none';
    const chosen = (options.addOns ?? []).map(([addOnId, quantity]) => {
      const addOn = demoAddOns.find((a) => a.id === addOnId);
      if (!addOn) throw new Error(`Unknown demo add-on ${addOnId}`);
      return { addOnId, quantity, priceCents: addOn.priceCents, timeMinutes: addOn.timeMinutes };
    });
    const estimate = estimateHouseCleaning({
      rooms,
      addOns: chosen,
      greenCleaning: options.green ?? false,
      subscription,
      config,
    });
    return {
      id: seedId(n),
      row: {
        ...common(n, who, place, when, options.notes),
        serviceType: 'house',
        ...estimate,
        greenCleaning: options.green ?? false,
        priceIsFinal: true,
      },
      house: {
        bookingId: seedId(n),
        homeSize: options.homeSize ?? 'medium',
        ...rooms,
        selectedRooms: selectedRoomKeys(rooms),
      },
      addOns: chosen.map((a) => ({
        addOnId: a.addOnId,
        quantity: a.quantity,
        unitPriceCents: subscription === 'none' ? a.priceCents : 0,
        timeMinutes: a.timeMinutes,
      })),
      lifecycle,
    };
  };
  const deposit = (total: number) => Math.round((total * config.depositPercent) / 100);
  const special = (
    n: number,
    serviceType: 'carpet' | 'laundry' | 'dry_cleaning',
    who: Contact,
    place: number,
    when: When,
    priced: { baseAmountCents: number; greenCleaningFeeCents: number; totalAmountCents: number },
    extra: Partial<DemoBooking>,
    lifecycle: Lifecycle,
  ): DemoBooking => {
    const { row: extraRow = {}, ...details } = extra;
    // Carpet and rug prices become final once the assigned provider confirms them: an assigned
    // job whose deposit is not requested yet is still waiting for that.
    const awaitingPrice =
      lifecycle.state === 'open' || (lifecycle.state === 'assigned' && !lifecycle.depositRequested);
    // The job's length, stored as the booking API stores it: the board fits it into slots.
    const minutes = specialServiceMinutes(
      serviceType === 'carpet'
        ? {
            kind: serviceType,
            ...(details.carpet as { bedrooms: number; livingRooms: number; stairs: number }),
          }
        : { kind: serviceType },
    );
    return {
      id: seedId(n),
      row: {
        ...common(n, who, place, when, (extraRow.clientNotes as string | undefined) ?? ''),
        ...extraRow,
        serviceType,
        totalHours: minutes / 60,
        baseAmountCents: priced.baseAmountCents,
        greenCleaningFeeCents: priced.greenCleaningFeeCents,
        totalAmountCents: priced.totalAmountCents,
        estimatedAmountCents: serviceType === 'laundry' ? null : priced.totalAmountCents,
        greenCleaning: priced.greenCleaningFeeCents > 0,
        depositAmountCents: deposit(priced.totalAmountCents),
        priceIsFinal: serviceType === 'laundry' || !awaitingPrice,
      },
      ...details,
      lifecycle,
    };
  };
  return { house, special };
}
