import { clockOutSchema, punchSchema } from '@twinclean/shared/punches';
import { describe, expect, it } from 'vitest';
import type { ClockOutEntry } from './entry';
import { outcomeOf, punchBody } from './send';

// The outbox's payload is what is replayed, possibly days later and by a newer app than the one
// that queued it; the server keeps the first body under the entry's Idempotency-Key.

const BOOKING = '6f1c2b9e-8a4d-4c3b-9f00-1234567890ab';

/** A clock-out as the app before final prices stored it (JSON from IndexedDB or the journal). */
const olderClockOut: ClockOutEntry = JSON.parse(`{
  "seq": 7, "id": "0b7c1d52-5f0e-4d2a-9a51-2f6b5c1e9d10", "providerId": "p-1",
  "kind": "clock_out", "bookingId": "${BOOKING}", "occurredAt": "2026-11-27T16:02:00.000Z",
  "status": "pending", "locateBy": "2026-11-27T16:02:12.000Z", "latitude": 44.97,
  "longitude": -93.26, "accuracy": 12, "positionAt": "2026-11-27T16:01:58.000Z",
  "waitPay": 5, "offline": true, "attempts": 2, "lastError": "No connection"
}`);

const withPrice: ClockOutEntry = { ...olderClockOut, finalPrice: '298.5' };

describe('a punch body', () => {
  it('is, for an entry queued before final prices, exactly the body it always was', () => {
    const body = punchBody(olderClockOut);
    expect(body).toEqual({
      latitude: 44.97,
      longitude: -93.26,
      accuracy: 12,
      positionAt: '2026-11-27T16:01:58.000Z',
      occurredAt: '2026-11-27T16:02:00.000Z',
      deviceSeq: 7,
      offline: true,
      waitPay: 5,
    });
    // Not even an undefined key: the server hashes the body it keeps under the key.
    expect(Object.keys(body)).not.toContain('finalPrice');
    expect(clockOutSchema.safeParse(body).success).toBe(true);
  });

  it('carries a clock-out’s final price, as the clock-out contract takes it, on every attempt', () => {
    const body = punchBody(withPrice);
    expect(body).toMatchObject({ waitPay: 5, finalPrice: '298.5' });
    expect(clockOutSchema.parse(body).finalPrice).toBe('298.5');
    expect(JSON.stringify(punchBody({ ...withPrice, attempts: 9, lastError: 'x' }))).toBe(
      JSON.stringify(body),
    );
  });

  it('never sends wait pay or a price with a clock-in', () => {
    const body = punchBody({ ...withPrice, kind: 'clock_in' });
    expect(body).not.toHaveProperty('finalPrice');
    expect(body).not.toHaveProperty('waitPay');
    expect(punchSchema.safeParse(body).success).toBe(true);
  });
});

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const punchAnswer = {
  ok: true,
  message: 'Clocked Out',
  bookingId: BOOKING,
  occurredAt: '2026-11-27T16:02:00.000Z',
  geofenceVerified: true,
  distanceM: 40,
  unverifiedReason: null,
};

describe('the answer to a clock-out', () => {
  it('keeps what became of its final price', async () => {
    const finalPrice = {
      status: 'awaiting_approval',
      amount: '900.00',
      message: 'It waits for the client’s approval.',
    } as const;
    expect(await outcomeOf(withPrice, answer({ ...punchAnswer, finalPrice }))).toEqual({
      result: 'sent',
      geofence: { verified: true, reason: null },
      finalPrice,
    });
  });

  it('has no price outcome when the clock-out carried none (or the answer is an older one)', async () => {
    const outcome = await outcomeOf(olderClockOut, answer(punchAnswer));
    expect(outcome).toEqual({ result: 'sent', geofence: { verified: true, reason: null } });
  });

  it('is still sent when its body cannot be read', async () => {
    expect(await outcomeOf(withPrice, new Response('<html>', { status: 200 }))).toEqual({
      result: 'sent',
    });
  });

  it('refused for good (the job was canceled) is kept with the server’s reason', async () => {
    const refused = answer({ message: 'This job was canceled.', code: 'job_canceled' }, 409);
    expect(await outcomeOf(withPrice, refused)).toEqual({
      result: 'rejected',
      message: 'This job was canceled.',
      code: 'job_canceled',
    });
  });
});
