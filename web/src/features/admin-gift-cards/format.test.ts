import { describe, expect, it } from 'vitest';
import { deliveryText, giftCardTotals, maskedCode, redemptionText, usesText } from './format';

describe("the gift cards page's words", () => {
  it('shows only the last four of a code', () => {
    expect(maskedCode('7KQ2')).toBe('•••• 7KQ2');
  });

  it('says when a card was delivered, or the day it is due', () => {
    expect(deliveryText({ deliverOn: '2026-12-24', deliveredAt: null })).toBe(
      'Deliver on Dec 24, 2026',
    );
    expect(deliveryText({ deliverOn: '2026-12-24', deliveredAt: '2026-12-24T15:00:00.000Z' })).toBe(
      'Delivered Dec 24, 2026, 9:00 AM',
    );
  });

  it('counts the bookings and what each kept after a cancel gave some back', () => {
    expect(usesText(0)).toBe('Not used');
    expect(usesText(1)).toBe('1 booking');
    expect(usesText(3)).toBe('3 bookings');
    expect(redemptionText({ amount: '20.00', released: '0.00' })).toBe('$20.00');
    expect(redemptionText({ amount: '20.00', released: '20.00' })).toBe(
      '$20.00 ($20.00 given back)',
    );
  });

  it('adds up what was sold (refunds left out) and what paid cards may still spend', () => {
    const totals = giftCardTotals([
      { status: 'paid', amount: '50.00', balance: '30.00' },
      { status: 'paid', amount: '25.00', balance: '0.00' },
      { status: 'void', amount: '100.00', balance: '100.00' },
      { status: 'refunded', amount: '40.00', balance: '40.00' },
      { status: 'awaiting_payment', amount: '10.00', balance: '10.00' },
    ]);
    expect(totals).toEqual({
      soldCount: 3,
      sold: '175.00',
      outstandingCount: 1,
      outstanding: '30.00',
    });
    expect(giftCardTotals([])).toEqual({
      soldCount: 0,
      sold: '0.00',
      outstandingCount: 0,
      outstanding: '0.00',
    });
  });
});
