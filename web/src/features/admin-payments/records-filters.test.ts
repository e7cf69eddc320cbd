import { describe, expect, it } from 'vitest';
import { recordsFiltersFormSchema, recordsFiltersFormValues } from './records-filters';

const parse = (values: { search?: string; from?: string; to?: string }) =>
  recordsFiltersFormSchema.safeParse({ search: '', from: '', to: '', ...values });

describe('the payment records filter form', () => {
  it('shows the URL’s filters, and blanks for those it does not set', () => {
    expect(
      recordsFiltersFormValues({ kind: 'deposit', search: 'pi_1', from: '2026-11-01' }),
    ).toEqual({ search: 'pi_1', from: '2026-11-01', to: '' });
  });

  it('sends the search trimmed and blanks as no filter', () => {
    expect(parse({ search: ' ada@x.co ', to: '2026-11-30' }).data).toEqual({
      search: 'ada@x.co',
      from: undefined,
      to: '2026-11-30',
    });
    expect(parse({ search: '  ' }).data).toEqual({
      search: undefined,
      from: undefined,
      to: undefined,
    });
  });

  it('keeps one day, or a range in order', () => {
    expect(parse({ from: '2026-11-03', to: '2026-11-03' }).success).toBe(true);
    expect(parse({ from: '2026-11-01', to: '2026-11-30' }).success).toBe(true);
  });

  it('puts a range out of order under To, with the list’s message', () => {
    expect(parse({ from: '2026-11-30', to: '2026-11-01' }).error?.issues).toMatchObject([
      { path: ['to'], message: 'The start date must be on or before the end date' },
    ]);
  });
});
