import { describe, expect, it } from 'vitest';
import { canNotify, servicesText, zipFilterOf, zipLabel } from './format';

describe('the waitlist page’s words', () => {
  it('lists the services asked for, with their counts', () => {
    expect(servicesText({ house: 2, carpet: 0, laundry: 1, dry_cleaning: 0 })).toBe(
      'House Cleaning 2, Laundry Pickup 1',
    );
    expect(servicesText({ house: 0, carpet: 0, laundry: 0, dry_cleaning: 0 })).toBe('');
  });

  it('names a ZIP with its place when known', () => {
    expect(zipLabel({ zip: '55802', place: 'Duluth, MN' })).toBe('55802 (Duluth, MN)');
    expect(zipLabel({ zip: '00000', place: null })).toBe('00000');
  });

  it('offers E-mail waitlist only for a served ZIP with someone waiting', () => {
    expect(canNotify({ served: true, waiting: 1 })).toBe(true);
    expect(canNotify({ served: true, waiting: 0 })).toBe(false);
    expect(canNotify({ served: false, waiting: 3 })).toBe(false);
  });

  it('filters by ZIP only once five digits are typed, and clears when emptied', () => {
    expect(zipFilterOf(' 55802 ')).toEqual({ zip: '55802' });
    expect(zipFilterOf('')).toEqual({ zip: undefined });
    expect(zipFilterOf('558')).toBeNull();
  });
});
