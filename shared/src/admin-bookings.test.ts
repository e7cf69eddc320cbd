import { describe, expect, it } from 'vitest';
import {
  adminBookingListQuerySchema,
  adminBookingQueryString,
  readAdminBookingSearch,
} from './admin-bookings';

const PROVIDER = '6f1c2b9e-8a4d-4c3b-9f00-1234567890ab';

describe('the admin bookings query', () => {
  it('fills the defaults, reads numbers from text and one or many services', () => {
    expect(adminBookingListQuerySchema.parse({})).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'scheduledDate',
      dir: 'desc',
    });
    expect(
      adminBookingListQuerySchema.parse({
        page: '3',
        pageSize: '50',
        service: 'carpet',
        q: ' ada ',
      }),
    ).toMatchObject({ page: 3, pageSize: 50, service: ['carpet'], q: 'ada' });
    expect(
      adminBookingListQuerySchema.parse({ service: ['laundry', 'dry_cleaning'] }).service,
    ).toEqual(['laundry', 'dry_cleaning']);
  });
});

describe('readAdminBookingSearch', () => {
  it('keeps what parses and drops the rest, so a stale link still opens the table', () => {
    expect(
      readAdminBookingSearch({
        page: 2,
        pageSize: 500,
        sort: 'totalAmount',
        dir: 'sideways',
        status: 'canceled',
        provider: PROVIDER,
        from: '2026-12-01',
        to: '2026-02-30',
        q: 55408,
        service: 'house',
        other: 'x',
      }),
    ).toEqual({
      page: 2,
      sort: 'totalAmount',
      status: 'canceled',
      provider: PROVIDER,
      from: '2026-12-01',
      q: '55408',
    });
    // A range the wrong way round keeps its start.
    expect(readAdminBookingSearch({ from: '2026-12-05', to: '2026-12-01' })).toEqual({
      from: '2026-12-05',
    });
  });
});

describe('adminBookingQueryString', () => {
  it('carries what differs from the defaults and the page’s services, the export without paging', () => {
    const search = { page: 4, pageSize: 25, sort: 'client', dir: 'desc', q: 'a&b' } as const;
    expect(adminBookingQueryString(search, ['laundry', 'dry_cleaning'])).toBe(
      '?page=4&sort=client&q=a%26b&service=laundry&service=dry_cleaning',
    );
    expect(adminBookingQueryString(search, ['house'], { paging: false })).toBe(
      '?sort=client&q=a%26b&service=house',
    );
    expect(adminBookingQueryString({})).toBe('');
  });
});
