import { describe, expect, it } from 'vitest';
import { afterAnswer, attemptPatch, stepFor } from './drain-steps';
import type { OutboxEntry } from './entry';

// The drain's decisions, one entry, one answer and one clock at a time (drain.ts runs them
// against the outbox).

const NOW = new Date('2026-11-27T16:00:00.000Z');
const NOW_MS = NOW.getTime();

const clockIn = {
  seq: 1,
  id: 'e-1',
  providerId: 'p-1',
  kind: 'clock_in',
  bookingId: 'b-1',
  occurredAt: '2026-11-27T15:59:00.000Z',
  status: 'pending',
  offline: false,
  attempts: 0,
} as const satisfies OutboxEntry;

const photo = {
  ...clockIn,
  id: 'e-2',
  kind: 'photo',
  photoType: 'before',
  fileName: 'a.jpg',
} as const satisfies OutboxEntry;

describe('the step for an entry its job does not hold back', () => {
  it('is finding its location first for a punch still locating', () => {
    const locating = { ...clockIn, status: 'locating' } as const;
    expect(stepFor(locating, { force: false, now: NOW_MS })).toEqual({
      step: 'locate',
      punch: locating,
    });
    // Even when the provider asks: a punch goes with its fix or with why there is none.
    expect(stepFor(locating, { force: true, now: NOW_MS }).step).toBe('locate');
  });

  it('is sending an entry with no backoff, or one whose backoff is over', () => {
    expect(stepFor(clockIn, { force: false, now: NOW_MS })).toEqual({ step: 'send' });
    const over = { ...photo, retryAt: new Date(NOW_MS).toISOString() };
    expect(stepFor(over, { force: false, now: NOW_MS })).toEqual({ step: 'send' });
  });

  it('is waiting out a backoff, with what the server said last time', () => {
    const backingOff = {
      ...clockIn,
      retryAt: new Date(NOW_MS + 5_000).toISOString(),
      lastError: 'Server said 503: Down',
    };
    expect(stepFor(backingOff, { force: false, now: NOW_MS })).toEqual({
      step: 'back_off',
      until: NOW_MS + 5_000,
      failure: 'Server said 503: Down',
    });
    expect(
      stepFor({ ...backingOff, lastError: undefined }, { force: false, now: NOW_MS }),
    ).toMatchObject({ step: 'back_off', failure: null });
  });

  it('is sending a backing-off entry at once when the provider asks (Sync now)', () => {
    const backingOff = { ...clockIn, retryAt: new Date(NOW_MS + 60_000).toISOString() };
    expect(stepFor(backingOff, { force: true, now: NOW_MS })).toEqual({ step: 'send' });
  });
});

describe('what an answer means for the drain', () => {
  it('no connection stops it for the whole outbox', () => {
    expect(afterAnswer({ result: 'offline' })).toEqual({
      next: 'stop',
      result: 'offline',
      sync: { lastFailure: 'No connection' },
    });
  });

  it('no session stops it too, and says so', () => {
    expect(afterAnswer({ result: 'signed_out', status: 401, message: 'Sign in' })).toEqual({
      next: 'stop',
      result: 'signed_out',
      sync: { lastFailure: 'Server said 401: Sign in', signedOut: true },
    });
  });

  it('a server error holds back the entry’s job, with what the server said', () => {
    expect(afterAnswer({ result: 'server_error', status: 503, message: 'Down' })).toEqual({
      next: 'hold',
      failure: 'Server said 503: Down',
    });
  });

  it('a sent or refused entry is reported as such', () => {
    expect(afterAnswer({ result: 'sent' })).toEqual({ next: 'report', as: 'sent' });
    expect(afterAnswer({ result: 'rejected', message: 'Canceled' })).toEqual({
      next: 'report',
      as: 'rejected',
    });
  });
});

describe('what an attempt changes on the entry', () => {
  const failing = {
    ...clockIn,
    attempts: 3,
    lastError: 'Server said 503: Down',
    serverErrors: { count: 2, status: 503, message: 'Down', at: '2026-11-27T15:59:30.000Z' },
    retryAt: '2026-11-27T15:59:50.000Z',
  };

  it('sent: the time, the geofence and a final price’s fate; the run of errors ends', () => {
    const outcome = { status: 'confirmed', amount: '298.50', message: '' } as const;
    expect(
      attemptPatch(
        failing,
        { result: 'sent', geofence: { verified: true, reason: null }, finalPrice: outcome },
        NOW,
      ),
    ).toEqual({
      attempts: 4,
      lastError: undefined,
      serverErrors: undefined,
      retryAt: undefined,
      status: 'sent',
      sentAt: NOW.toISOString(),
      geofence: { verified: true, reason: null },
      finalPriceOutcome: outcome,
    });
    expect(attemptPatch(photo, { result: 'sent' }, NOW)).not.toHaveProperty('finalPriceOutcome');
  });

  it('refused: kept with the server’s reason, never resent', () => {
    expect(
      attemptPatch(failing, { result: 'rejected', message: 'Canceled', code: 'gone' }, NOW),
    ).toEqual({
      attempts: 4,
      lastError: undefined,
      serverErrors: undefined,
      retryAt: undefined,
      status: 'rejected',
      rejection: { message: 'Canceled', code: 'gone' },
    });
  });

  it('signed out: an answer (the run of errors ends), and why nothing went', () => {
    expect(
      attemptPatch(failing, { result: 'signed_out', status: 403, message: 'Someone else' }, NOW),
    ).toEqual({
      attempts: 4,
      lastError: 'Server said 403: Someone else',
      serverErrors: undefined,
      retryAt: undefined,
    });
  });

  it('a server error: one more in the run, retried after the backoff for that many', () => {
    expect(
      attemptPatch(failing, { result: 'server_error', status: 500, message: 'Oops' }, NOW),
    ).toEqual({
      attempts: 4,
      lastError: 'Server said 500: Oops',
      serverErrors: { count: 3, status: 500, message: 'Oops', at: NOW.toISOString() },
      // The third in a row: 5 s doubled twice.
      retryAt: new Date(NOW_MS + 20_000).toISOString(),
    });
  });

  it('a Retry-After lengthens the backoff, never shortens it', () => {
    const retryAt = (retryAfterMs: number) =>
      attemptPatch(
        clockIn,
        { result: 'server_error', status: 429, message: 'Slow', retryAfterMs },
        NOW,
      ).retryAt;
    expect(retryAt(60_000)).toBe(new Date(NOW_MS + 60_000).toISOString());
    expect(retryAt(1_000)).toBe(new Date(NOW_MS + 5_000).toISOString());
  });

  it('no connection: no answer, so the run of errors stands', () => {
    expect(attemptPatch(failing, { result: 'offline' }, NOW)).toEqual({
      attempts: 4,
      lastError: 'No connection',
    });
  });
});
