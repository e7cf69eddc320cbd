import { describe, expect, it } from 'vitest';
import { datesText, limitsText, servicesText } from './format';

describe("the owner's list of codes", () => {
  it('names the services, or all of them', () => {
    expect(servicesText({ serviceTypes: [] })).toBe('All services');
    expect(servicesText({ serviceTypes: ['house', 'carpet'] })).toBe(
      'House Cleaning, Carpet Cleaning',
    );
  });

  it('says the uses against the limits', () => {
    expect(limitsText({ uses: 3, maxUses: 100, maxUsesPerClient: 1, firstBookingOnly: true })).toBe(
      '3 of 100 used · 1 per client · first booking only',
    );
    expect(
      limitsText({ uses: 0, maxUses: null, maxUsesPerClient: null, firstBookingOnly: false }),
    ).toBe('0 used');
  });

  it('says when a code may be used', () => {
    expect(datesText({ startsOn: null, endsOn: null })).toBe('Any time');
    expect(datesText({ startsOn: '2026-12-01', endsOn: null })).toBe('From Dec 1, 2026');
    expect(datesText({ startsOn: null, endsOn: '2027-01-31' })).toBe('Until Jan 31, 2027');
    expect(datesText({ startsOn: '2026-12-01', endsOn: '2027-01-31' })).toBe(
      'Dec 1, 2026 – Jan 31, 2027',
    );
  });
});
