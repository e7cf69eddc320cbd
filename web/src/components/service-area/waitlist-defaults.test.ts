import { describe, expect, it } from 'vitest';
import { waitlistDefaults } from './waitlist-defaults';

describe('waitlistDefaults', () => {
  it('fills the signup from the booking form: its e-mail, ZIP and service', () => {
    expect(
      waitlistDefaults({ zip: '55802', email: ' jo@example.com ', serviceType: 'laundry' }),
    ).toEqual({ email: 'jo@example.com', zip: '55802', serviceType: 'laundry' });
  });

  it('leaves the e-mail empty until one is typed in full', () => {
    expect(waitlistDefaults({ zip: '55802', email: 'jo@', serviceType: 'house' }).email).toBe('');
    expect(waitlistDefaults({ zip: '55802', email: '', serviceType: 'house' }).email).toBe('');
  });
});
