import { describe, expect, it } from 'vitest';
import {
  defaultYear,
  shownYear,
  TAX_DETAILS_LABELS,
  taxDetailsTone,
  yearChoices,
  yearEndCsvHref,
} from './year';

// Instants in UTC; the page counts years and months in Chicago (UTC−6 in winter).
const at = (iso: string) => new Date(iso);

describe('the year /admin/year-end opens on', () => {
  it('is last year from January to March, while the 1099s are prepared', () => {
    expect(defaultYear(at('2027-01-15T18:00:00Z'))).toBe(2026);
    expect(defaultYear(at('2027-03-31T18:00:00Z'))).toBe(2026);
  });

  it('is this year from April on', () => {
    expect(defaultYear(at('2026-04-01T18:00:00Z'))).toBe(2026);
    expect(defaultYear(at('2026-12-31T18:00:00Z'))).toBe(2026);
  });

  it('counts the year in Chicago: New Year in London is still December 31 there', () => {
    expect(defaultYear(at('2027-01-01T03:00:00Z'))).toBe(2026);
    expect(defaultYear(at('2027-04-01T03:00:00Z'))).toBe(2026);
  });

  it('is never before the first year with payouts', () => {
    expect(defaultYear(at('2025-02-10T18:00:00Z'))).toBe(2025);
  });
});

describe('the years to choose', () => {
  it('run from this year back to 2025, newest first', () => {
    expect(yearChoices(at('2027-02-01T18:00:00Z'))).toEqual([2027, 2026, 2025]);
    expect(yearChoices(at('2025-06-01T18:00:00Z'))).toEqual([2025]);
  });

  it('keep the URL’s year when it is one of them, else open on the default', () => {
    const now = at('2027-02-01T18:00:00Z');
    expect(shownYear(2025, now)).toBe(2025);
    expect(shownYear(undefined, now)).toBe(2026);
    expect(shownYear(2024, now)).toBe(2026);
    expect(shownYear(2031, now)).toBe(2026);
  });
});

describe('the year-end table', () => {
  it('says where the tax details are', () => {
    expect(TAX_DETAILS_LABELS).toEqual({
      stripe: 'At Stripe',
      on_file: 'On file',
      missing: 'Missing',
    });
  });

  it('marks missing details, most of all for someone who needs a 1099-NEC', () => {
    expect(taxDetailsTone({ taxDetails: 'missing', needs1099: true })).toBe('danger');
    expect(taxDetailsTone({ taxDetails: 'missing', needs1099: false })).toBe('warning');
    expect(taxDetailsTone({ taxDetails: 'on_file', needs1099: true })).toBe('neutral');
  });

  it('links the year’s CSV', () => {
    expect(yearEndCsvHref(2026)).toBe('/api/admin/exports/year-end.csv?year=2026');
  });
});
