import { describe, expect, it } from 'vitest';
import { clockOutSchema, nextPunch } from './punches';

const job = (status: string, inAt: string | null, outAt: string | null) => ({
  status,
  providerClockInTime: inAt,
  providerClockOutTime: outAt,
});

describe('nextPunch', () => {
  it('goes in, then out, then nothing', () => {
    expect(nextPunch(job('assigned', null, null))).toBe('in');
    expect(nextPunch(job('deposit_paid', null, null))).toBe('in');
    expect(nextPunch(job('in_progress', '2026-01-05T15:00:00Z', null))).toBe('out');
    expect(nextPunch(job('completed', '2026-01-05T15:00:00Z', '2026-01-05T18:00:00Z'))).toBe(null);
  });

  it('offers nothing on a canceled job', () => {
    expect(nextPunch(job('canceled', null, null))).toBe(null);
  });
});

describe('clockOutSchema wait pay', () => {
  it('takes 0 to 100 dollars and defaults to 0', () => {
    expect(clockOutSchema.parse({}).waitPay).toBe(0);
    expect(clockOutSchema.parse({ waitPay: '12.5' }).waitPay).toBe(12.5);
    expect(clockOutSchema.safeParse({ waitPay: 101 }).error?.issues[0]?.message).toBe(
      'Wait pay is at most $100',
    );
    expect(clockOutSchema.safeParse({ waitPay: -1 }).error?.issues[0]?.message).toBe(
      'Wait pay cannot be negative',
    );
  });
});
