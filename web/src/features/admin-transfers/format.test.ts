import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canRetry,
  dateOrDash,
  dollarsOrDash,
  instantOrDash,
  mondayOf,
  nextTry,
  providerName,
  STATUS_CHOICES,
  TRANSFER_STATUS_TONES,
  weekOf,
} from './format';

describe('how /admin/transfers writes a transfer', () => {
  it('offers every status by the words providers see', () => {
    expect(STATUS_CHOICES).toEqual([
      { value: 'pending', label: 'Sending' },
      { value: 'paid', label: 'Sent' },
      { value: 'failed', label: 'Delayed' },
      { value: 'canceled', label: 'Canceled' },
    ]);
    expect(TRANSFER_STATUS_TONES.failed).toBe('danger');
    expect(TRANSFER_STATUS_TONES.paid).toBe('success');
  });

  it('names a week by its Monday', () => {
    expect(weekOf('2026-11-23')).toBe('Week of Nov 23, 2026');
  });

  it('takes any day of a week to the Monday it starts on', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-25')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    // Across a month and a year.
    expect(mondayOf('2026-12-01')).toBe('2026-11-30');
    expect(mondayOf('2027-01-03')).toBe('2026-12-28');
  });

  it('writes the rare refund after a transfer, and a dash when none', () => {
    expect(dollarsOrDash('0.00')).toBe('—');
    expect(dollarsOrDash('1234.50')).toBe('$1,234.50');
  });

  it('writes sent and arrival in Chicago, and a dash before they happen', () => {
    expect(instantOrDash(null)).toBe('—');
    expect(instantOrDash('2026-11-30T14:03:00.000Z')).toBe('Nov 30, 2026, 8:03 AM');
    expect(dateOrDash(null)).toBe('—');
    expect(dateOrDash('2026-12-02')).toBe('Dec 2, 2026');
  });

  it('says how often a delayed transfer was tried and when it is tried next', () => {
    const failed = { status: 'failed' as const, attempts: 1, nextAttemptAt: null };
    expect(nextTry(failed)).toBe('Tried 1 time');
    expect(nextTry({ ...failed, attempts: 3, nextAttemptAt: '2026-12-01T15:00:00.000Z' })).toBe(
      'Tried 3 times; next try Dec 1, 2026, 9:00 AM',
    );
    expect(nextTry({ ...failed, status: 'paid' })).toBeNull();
  });

  it('offers Retry now on a delayed transfer only, Cancel on one not sent yet', () => {
    expect(canRetry({ status: 'failed' })).toBe(true);
    for (const status of ['pending', 'paid', 'canceled'] as const) {
      expect(canRetry({ status })).toBe(false);
    }
    expect(canCancel({ status: 'failed' })).toBe(true);
    expect(canCancel({ status: 'pending' })).toBe(true);
    expect(canCancel({ status: 'paid' })).toBe(false);
    expect(canCancel({ status: 'canceled' })).toBe(false);
  });

  it('names the provider', () => {
    expect(providerName({ provider: { id: 'p', firstName: 'Ada', lastName: 'Byron' } })).toBe(
      'Ada Byron',
    );
  });
});
