import { describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/seeds/seed';
import { useTestDatabase } from '../test/test-database';
import { Booking } from './booking';
import { BookingAddOn } from './booking-add-on';
import { Payment } from './payment';
import { Payout } from './payout';
import { ProviderProfile } from './provider-profile';
import { Subscription } from './subscription';
import { User } from './user';

const db = useTestDatabase();

describe('objection models', () => {
  it('resolve every relation against the real schema', async () => {
    await seedDemoData(db.knex, new Date('2026-11-22T15:00:00Z'));
    const bookings = await Booking.query().withGraphFetched(
      '[client, provider, houseDetails, carpetDetails, laundryDetails, dryCleaningItems, addOns.addOn, photos, events, payout, payments]',
    );
    const completed = bookings.find(
      (b) => b.status === 'completed' && b.houseDetails && b.addOns?.length,
    );
    expect(completed?.provider?.role).toBe('provider');
    expect(completed?.payout?.status).toMatch(/paid|pending/);
    expect(completed?.events?.map((e) => e.type).sort()).toEqual(['clock_in', 'clock_out']);
    expect(completed?.addOns?.[0]?.addOn?.name).toEqual(expect.any(String));
    expect(bookings.some((b) => b.carpetDetails)).toBe(true);
    expect(bookings.some((b) => b.laundryDetails)).toBe(true);
    expect(bookings.some((b) => b.dryCleaningItems?.length)).toBe(true);

    const provider = await User.query()
      .findOne({ email: 'provider@example.com' })
      .withGraphFetched('[providerProfile.availability, jobs, bookings, subscriptions]');
    expect(provider?.providerProfile?.availability?.length).toBeGreaterThan(0);
    expect(provider?.jobs?.length).toBeGreaterThan(0);

    const profile = await ProviderProfile.query().first().withGraphFetched('[user, application]');
    expect(profile?.user?.role).toBe('provider');

    const payouts = await Payout.query().withGraphFetched(
      '[provider, booking, clockInEvent, clockOutEvent]',
    );
    expect(
      payouts.every((p) => p.booking && p.provider && p.clockOutEvent?.type === 'clock_out'),
    ).toBe(true);

    const payments = await Payment.query().withGraphFetched('[booking, subscription]');
    expect(payments.every((p) => p.booking)).toBe(true);
    const subscriptions = await Subscription.query().withGraphFetched('user');
    expect(subscriptions.map((s) => s.user?.subscriptionType).sort()).toEqual([
      'senior',
      'standard',
    ]);
    expect(await BookingAddOn.query().resultSize()).toBeGreaterThan(0);
  });
});
