import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { describe, expect, it } from 'vitest';
import type { EnRouteEntry, OutboxEntry } from '../outbox/entry';
import { nextVisitToBeOnTheWay, onMyWayState } from './on-my-way-rule';

// Issue 32: "On My Way" for an assigned visit not clocked into, not canceled, from 12 hours
// before its start (the server refuses earlier); once tapped, the job says so instead.

// 10:00 AM in Chicago on 2026-11-28 (CST, UTC−6).
const START = Date.parse('2026-11-28T16:00:00.000Z');
const HOUR = 3_600_000;
const at = (hoursFromStart: number) => new Date(START + hoursFromStart * HOUR);

const job = (patch: Partial<ProviderJob> = {}) =>
  ({
    id: 'b-1',
    status: 'assigned',
    scheduledDate: '2026-11-28',
    scheduledTime: '10:00',
    providerClockInTime: null,
    providerClockOutTime: null,
    ...patch,
  }) as ProviderJob;

const entry = (patch: Partial<EnRouteEntry> = {}): EnRouteEntry => ({
  seq: 1,
  id: 'e-1',
  providerId: 'p-1',
  kind: 'en_route',
  bookingId: 'b-1',
  occurredAt: at(-1).toISOString(),
  status: 'pending',
  offline: false,
  attempts: 0,
  ...patch,
});

describe('the job page’s On My Way', () => {
  it('is offered from 12 hours before the start, and said too early before that', () => {
    expect(onMyWayState(job(), [], at(-12)).show).toBe('offer');
    expect(onMyWayState(job(), [], at(-1)).show).toBe('offer');
    expect(onMyWayState(job(), [], at(-12.01)).show).toBe('too_early');
  });

  it('is not offered for a canceled job, once clocked in (here or on the server), or long past', () => {
    expect(onMyWayState(job({ status: 'canceled' }), [], at(-1)).show).toBe('nothing');
    const clockIn: OutboxEntry = { ...entry(), kind: 'clock_in', id: 'e-2' };
    expect(onMyWayState(job(), [clockIn], at(-1)).show).toBe('nothing');
    expect(onMyWayState(job({ providerClockInTime: at(0).toISOString() }), [], at(1)).show).toBe(
      'nothing',
    );
    expect(onMyWayState(job(), [], at(12.5)).show).toBe('nothing');
  });

  it('once tapped shows the entry (sent or not), never a second button', () => {
    const tapped = entry();
    expect(onMyWayState(job(), [tapped], at(-0.5))).toEqual({
      show: 'told',
      entry: tapped,
      refused: null,
    });
    // Told from another phone, or this phone's outbox cleared: the server's status says so.
    expect(onMyWayState(job({ status: 'en_route' }), [], at(-0.5))).toEqual({
      show: 'told',
      entry: null,
      refused: null,
    });
  });

  it('refused for good offers the button again, with the reason', () => {
    const refused = entry({ status: 'rejected', rejection: { message: 'No' } });
    expect(onMyWayState(job(), [refused], at(-1))).toEqual({ show: 'offer', refused });
  });
});

describe('the dashboard’s next visit', () => {
  const later = job({ id: 'b-2', scheduledDate: '2026-11-29' });
  it('is the first assigned one not clocked into, within 12 hours of its start', () => {
    expect(nextVisitToBeOnTheWay([job(), later], [], at(-2))?.id).toBe('b-1');
    expect(nextVisitToBeOnTheWay([job(), later], [], at(-13))).toBeUndefined();
  });

  it('skips canceled and clocked-in visits, and never reaches past the next one', () => {
    const canceled = job({ status: 'canceled' });
    const working = job({ providerClockInTime: at(0).toISOString() });
    expect(nextVisitToBeOnTheWay([canceled, later], [], at(-2))).toBeUndefined();
    expect(nextVisitToBeOnTheWay([working, later], [], at(14))?.id).toBe('b-2');
  });

  it('skips an old visit never clocked into, more than 12 hours past its start', () => {
    // Two days before, never clocked into (missed), still assigned on the server; and one
    // told "on my way" that day and never clocked into either.
    const stale = job({ id: 'b-0', scheduledDate: '2026-11-26' });
    const staleTold = job({ id: 'b-00', scheduledDate: '2026-11-26', status: 'en_route' });
    expect(nextVisitToBeOnTheWay([stale, job()], [], at(-1))?.id).toBe('b-1');
    expect(nextVisitToBeOnTheWay([staleTold, job()], [], at(-1))?.id).toBe('b-1');
  });

  it('applies the phone’s own punches: a visit clocked into offline gives way to the next', () => {
    const clockIn: OutboxEntry = {
      ...entry(),
      kind: 'clock_in',
      id: 'e-2',
      occurredAt: at(0).toISOString(),
    };
    const soon = job({ id: 'b-2', scheduledTime: '14:00' });
    expect(nextVisitToBeOnTheWay([job(), soon], [clockIn], at(0.5))?.id).toBe('b-2');
    // Another job's punch changes nothing here.
    const elsewhere: OutboxEntry = { ...clockIn, bookingId: 'b-9' };
    expect(nextVisitToBeOnTheWay([job(), soon], [elsewhere], at(0.5))?.id).toBe('b-1');
  });
});
