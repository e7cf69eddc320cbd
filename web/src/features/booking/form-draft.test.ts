import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDraft, saveDraft } from './form-draft';

/** The tab's session storage, as the draft sees it. */
class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

describe('a booking draft and the gift card code', () => {
  let store: MemoryStorage;
  beforeEach(() => {
    store = new MemoryStorage();
    Object.assign(globalThis, { window: { sessionStorage: store } });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'window');
  });
  const defaults = { address: '', discountCode: '', giftCardCode: '' };

  it('never writes the code to storage, and keeps the rest', () => {
    const values = { address: '12 Oak St', discountCode: 'SPRING', giftCardCode: 'ABCD-EFGH-JK34' };
    saveDraft('house', { owner: null, step: 3, values });
    const stored = [...store.items.values()].join('');
    expect(stored).not.toContain('ABCD');
    expect(stored).toContain('12 Oak St');
    expect(loadDraft('house', null, defaults)).toEqual({
      step: 3,
      values: { address: '12 Oak St', discountCode: 'SPRING', giftCardCode: '' },
    });
  });

  it('drops a code an older draft holds rather than typing it back in', () => {
    store.setItem(
      'twinclean.booking-draft.laundry',
      JSON.stringify({ owner: null, step: 0, values: { address: '9 Elm', giftCardCode: 'WXYZ' } }),
    );
    expect(loadDraft('laundry', null, defaults).values).toEqual({
      address: '9 Elm',
      discountCode: '',
      giftCardCode: '',
    });
  });
});
