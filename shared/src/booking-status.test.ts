import { describe, expect, it } from 'vitest';
import { type BookingFacts, deriveBookingStatus } from './booking-status';

const open: BookingFacts = {
  providerId: null,
  depositRequestedAt: null,
  amountPaidCents: 0,
  depositAmountCents: 5400,
  totalAmountCents: 13500,
  enRouteAt: null,
  clockInAt: null,
  clockOutAt: null,
  canceledAt: null,
};
const at = '2026-11-20T15:00:00Z';

describe('deriveBookingStatus', () => {
  it('walks a pay-as-you-go booking through every state', () => {
    const assigned = { ...open, providerId: 'p1' };
    const requested = { ...assigned, depositRequestedAt: at };
    const depositPaid = { ...requested, amountPaidCents: 5400 };
    const fullyPaid = { ...depositPaid, amountPaidCents: 13500 };
    const enRoute = { ...fullyPaid, enRouteAt: at };
    const working = { ...enRoute, clockInAt: at };
    const done = { ...working, clockOutAt: at };
    expect(
      [open, assigned, requested, depositPaid, fullyPaid, enRoute, working, done].map(
        deriveBookingStatus,
      ),
    ).toEqual([
      'pending_assignment',
      'assigned',
      'pending_deposit',
      'deposit_paid',
      'fully_paid',
      'en_route',
      'in_progress',
      'completed',
    ]);
  });

  it('lets canceled win over everything and completed over payment', () => {
    expect(deriveBookingStatus({ ...open, providerId: 'p', clockInAt: at, canceledAt: at })).toBe(
      'canceled',
    );
    expect(deriveBookingStatus({ ...open, providerId: 'p', clockInAt: at, clockOutAt: at })).toBe(
      'completed',
    );
  });

  it('never calls a subscriber booking (no deposit) deposit_paid', () => {
    const subscriber = { ...open, depositAmountCents: 0, providerId: 'p' };
    expect(deriveBookingStatus(subscriber)).toBe('assigned');
    expect(deriveBookingStatus({ ...subscriber, amountPaidCents: 13500 })).toBe('fully_paid');
  });

  it('keeps a partial payment below the deposit in pending_deposit', () => {
    expect(
      deriveBookingStatus({
        ...open,
        providerId: 'p',
        depositRequestedAt: at,
        amountPaidCents: 100,
      }),
    ).toBe('pending_deposit');
  });
});
