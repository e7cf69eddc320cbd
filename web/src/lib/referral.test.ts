import { describe, expect, it } from 'vitest';
import { captureReferral, forgetReferral, referralCodeIn, storedReferral } from './referral';

/** A Storage as the browser's behaves, for the node test environment. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('the referral code of the link a visitor came by', () => {
  it('is read from ?ref=, upper-cased, and only when it looks like a code', () => {
    expect(referralCodeIn('?ref=ab12cd34')).toBe('AB12CD34');
    expect(referralCodeIn('?service=house-cleaning&ref=%20AB12CD34%20')).toBe('AB12CD34');
    expect(referralCodeIn('?service=house-cleaning')).toBeNull();
    expect(referralCodeIn('?ref=')).toBeNull();
    expect(referralCodeIn('?ref=<script>')).toBeNull();
    expect(referralCodeIn(`?ref=${'A'.repeat(21)}`)).toBeNull();
  });

  it('is kept across pages until a booking carried it, a later link replacing it', () => {
    const store = memoryStorage();
    expect(storedReferral(store)).toBe('');
    captureReferral('?ref=ab12cd34', store);
    // Pages without a code keep the one the visitor came by.
    captureReferral('?service=laundry', store);
    expect(storedReferral(store)).toBe('AB12CD34');
    captureReferral('?ref=ZZ99YY88', store);
    expect(storedReferral(store)).toBe('ZZ99YY88');
    forgetReferral(store);
    expect(storedReferral(store)).toBe('');
  });

  it('ignores a stored value that is not a code (edited by hand, or a bare code without its time)', () => {
    const store = memoryStorage();
    store.setItem('twinclean.referral-code', 'not a code');
    expect(storedReferral(store)).toBe('');
    store.setItem('twinclean.referral-code', 'AB12CD34');
    expect(storedReferral(store)).toBe('');
    expect(store.getItem('twinclean.referral-code')).toBeNull();
  });

  it('is dropped 60 days after the link was opened', () => {
    const store = memoryStorage();
    const opened = new Date('2026-11-01T12:00:00Z');
    const later = (days: number) => new Date(opened.getTime() + days * 24 * 60 * 60 * 1000);
    captureReferral('?ref=ab12cd34', store, opened);
    expect(storedReferral(store, later(60))).toBe('AB12CD34');
    expect(storedReferral(store, later(60.5))).toBe('');
    // Gone from storage, not only unread.
    expect(store.getItem('twinclean.referral-code')).toBeNull();
    expect(storedReferral(store, opened)).toBe('');
    // Opening a link again starts the 60 days again.
    captureReferral('?ref=ab12cd34', store, later(59));
    expect(storedReferral(store, later(100))).toBe('AB12CD34');
  });
});
