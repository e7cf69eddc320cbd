import type { CurrentUser } from '@twinclean/shared/auth';
import { describe, expect, it } from 'vitest';
import { destinationAfterLogin } from './role-home';

const user = (role: CurrentUser['role']): CurrentUser => ({
  id: '6f1c2b9e-8a4d-4c3b-9f00-1234567890ab',
  email: 'someone@example.com',
  firstName: 'Sam',
  lastName: 'Lee',
  phone: null,
  role,
  subscriptionType: 'none',
});

describe('where signing in leads', () => {
  it("goes back to a page of the user's own area", () => {
    expect(destinationAfterLogin(user('client'), '/client/bookings/1')).toBe('/client/bookings/1');
    expect(destinationAfterLogin(user('admin_staff'), '/admin/series')).toBe('/admin/series');
  });

  it('takes a client back to the booking form they signed in from', () => {
    expect(destinationAfterLogin(user('client'), '/book/house')).toBe('/book/house');
    expect(destinationAfterLogin(user('client'), '/book/laundry?x=1')).toBe('/book/laundry?x=1');
    expect(destinationAfterLogin(user('client'), '/bookkeeping')).toBe('/client');
  });

  it("never leaves the site or enters another role's area", () => {
    expect(destinationAfterLogin(user('client'), '//evil.example/book')).toBe('/client');
    expect(destinationAfterLogin(user('client'), 'https://evil.example')).toBe('/client');
    expect(destinationAfterLogin(user('client'), '/admin')).toBe('/client');
    expect(destinationAfterLogin(user('provider'), '/book/house')).toBe('/provider');
    expect(destinationAfterLogin(user('client'), undefined)).toBe('/client');
  });
});
