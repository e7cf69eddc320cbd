import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from './entry';
import { outcomeOf, punchBody, sendEntry } from './send';

// README "Offline", "What an answer means": 2xx sent; 401/403 wait for sign-in; 408, 425, 429
// and 5xx retried (honouring Retry-After, at most an hour); any other 4xx refused for good.
// No connection stops the whole queue. Only fetch (the outside world) is stubbed here.

const NOW = new Date('2026-11-27T16:00:00.000Z');

const clockIn: OutboxEntry = {
  seq: 3,
  id: '0b7c1d52-5f0e-4d2a-9a51-2f6b5c1e9d10',
  providerId: 'p-1',
  kind: 'clock_in',
  bookingId: '6f1c2b9e-8a4d-4c3b-9f00-1234567890ab',
  occurredAt: '2026-11-27T15:59:00.000Z',
  status: 'pending',
  latitude: 44.97,
  longitude: -93.26,
  accuracy: 12,
  positionAt: '2026-11-27T15:58:58.000Z',
  offline: true,
  attempts: 0,
};
const photo: OutboxEntry = { ...clockIn, kind: 'photo', photoType: 'before' };

const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const refusal = { message: 'This job was canceled.', code: 'job_canceled' };

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a 2xx answer', () => {
  it.each([200, 201, 204])('%i: sent', async (status) => {
    expect((await outcomeOf(clockIn, answer(status))).result).toBe('sent');
  });

  it('to a photo is sent without reading it as a punch', async () => {
    expect(await outcomeOf(photo, answer(201, { whatever: true }))).toEqual({ result: 'sent' });
  });
});

describe('401 and 403 (nobody, or somebody else, signed in)', () => {
  it.each([401, 403])('%i waits for sign-in with the server’s words, not a refusal', async (s) => {
    expect(await outcomeOf(clockIn, answer(s, { message: 'Sign in first', code: 'x' }))).toEqual({
      result: 'signed_out',
      status: s,
      message: 'Sign in first',
    });
  });

  it('ignores a Retry-After: it waits for sign-in, not for a time', async () => {
    const outcome = await outcomeOf(clockIn, answer(401, refusal, { 'Retry-After': '30' }));
    expect(outcome).not.toHaveProperty('retryAfterMs');
  });
});

describe('408, 425, 429 and 5xx (the server cannot answer now)', () => {
  it.each([408, 425, 429, 500, 502, 503, 504, 599])('%i is a server error to retry', async (s) => {
    expect(await outcomeOf(clockIn, answer(s, { message: 'Try later' }))).toEqual({
      result: 'server_error',
      status: s,
      message: 'Try later',
      retryAfterMs: undefined,
    });
  });

  it('says what came back when the body is not JSON (a proxy’s page, or nothing)', async () => {
    const html = new Response('  Bad gateway  ', { status: 502 });
    expect(await outcomeOf(clockIn, html)).toMatchObject({ message: 'Bad gateway' });
    const empty = new Response(null, { status: 503, statusText: 'Service Unavailable' });
    expect(await outcomeOf(clockIn, empty)).toMatchObject({ message: 'Service Unavailable' });
    const bare = new Response(null, { status: 500 });
    expect(await outcomeOf(clockIn, bare)).toMatchObject({ message: 'Request failed (500)' });
  });

  it('treats an unexpected redirect as a server error, not a refusal', async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: '/login' } });
    expect(await outcomeOf(clockIn, redirect)).toMatchObject({
      result: 'server_error',
      status: 302,
    });
  });
});

describe('Retry-After', () => {
  const retryAfter = async (value: string, status = 503) => {
    const outcome = await outcomeOf(clockIn, answer(status, refusal, { 'Retry-After': value }));
    expect(outcome.result).toBe('server_error');
    return outcome.result === 'server_error' ? outcome.retryAfterMs : 'not a server error';
  };

  it('in seconds is that many seconds', async () => {
    expect(await retryAfter('120')).toBe(120_000);
    expect(await retryAfter('0')).toBe(0);
    expect(await retryAfter('30', 429)).toBe(30_000);
    expect(await retryAfter('5', 408)).toBe(5_000);
  });

  it('as an HTTP date is the time until then', async () => {
    expect(await retryAfter('Fri, 27 Nov 2026 16:02:30 GMT')).toBe(150_000);
    // The same header read later is a shorter wait: it counts from the time it is read.
    vi.setSystemTime(NOW.getTime() + 100_000);
    expect(await retryAfter('Fri, 27 Nov 2026 16:02:30 GMT')).toBe(50_000);
  });

  it('never asks for more than an hour', async () => {
    expect(await retryAfter('3600')).toBe(3_600_000);
    expect(await retryAfter('3601')).toBe(3_600_000);
    expect(await retryAfter('86400')).toBe(3_600_000);
    expect(await retryAfter('Sat, 28 Nov 2026 16:00:00 GMT')).toBe(3_600_000);
  });

  it('in the past means now, never a negative wait', async () => {
    expect(await retryAfter('Fri, 27 Nov 2026 15:00:00 GMT')).toBe(0);
  });

  it('that cannot be read is left out (the backoff decides alone)', async () => {
    expect(await retryAfter('soon')).toBeUndefined();
    expect(await retryAfter('')).toBeUndefined();
  });

  it('on a refusal for good changes nothing: it is still never resent', async () => {
    expect(await outcomeOf(clockIn, answer(409, refusal, { 'Retry-After': '10' }))).toEqual({
      result: 'rejected',
      ...refusal,
    });
  });
});

describe('any other 4xx (refused for good)', () => {
  it.each([400, 404, 409, 410, 413, 415, 422, 451, 499])(
    '%i is kept with the reason',
    async (s) => {
      expect(await outcomeOf(clockIn, answer(s, refusal))).toEqual({
        result: 'rejected',
        ...refusal,
      });
    },
  );

  it('without a code gets one from its status, and a message from its text', async () => {
    expect(await outcomeOf(clockIn, new Response('Gone for good', { status: 410 }))).toEqual({
      result: 'rejected',
      message: 'Gone for good',
      code: 'http_410',
    });
  });
});

describe('sending a punch', () => {
  const fetchAnswering = (res: () => Promise<Response>) => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => res());
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };

  it('posts its body with its uuid as the Idempotency-Key and whose entry it is', async () => {
    const fetchMock = fetchAnswering(async () => answer(201));
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    expect(await sendEntry(clockIn)).toEqual({ result: 'sent' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/provider/clock-in/${clockIn.bookingId}`);
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: {
        'Idempotency-Key': clockIn.id,
        'X-Expected-User': 'p-1',
        'Content-Type': 'application/json',
      },
    });
    expect(JSON.parse(init?.body as string)).toEqual(punchBody(clockIn));
    // A stalled connection gives up after 30 s rather than holding the outbox.
    expect(timeout).toHaveBeenCalledWith(30_000);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('posts a clock-out to its own path', async () => {
    const fetchMock = fetchAnswering(async () => answer(200));
    await sendEntry({ ...clockIn, kind: 'clock_out', waitPay: 5 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/provider/clock-out/${clockIn.bookingId}`);
  });

  it('with no connection (fetch throws) is offline, for the whole queue', async () => {
    fetchAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await sendEntry(clockIn)).toEqual({ result: 'offline' });
  });

  it('that timed out is offline, to be sent again under the same key', async () => {
    fetchAnswering(() =>
      Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')),
    );
    expect(await sendEntry(clockIn)).toEqual({ result: 'offline' });
  });

  it('whose error answer is cut off mid-read is offline: nothing is known', async () => {
    const cutOff = new ReadableStream({
      start(controller) {
        controller.error(new TypeError('terminated'));
      },
    });
    fetchAnswering(async () => new Response(cutOff, { status: 503 }));
    expect(await sendEntry(clockIn)).toEqual({ result: 'offline' });
  });

  it('passes on what the answer means', async () => {
    fetchAnswering(async () => answer(409, refusal));
    expect(await sendEntry(clockIn)).toEqual({ result: 'rejected', ...refusal });
    fetchAnswering(async () => answer(503, refusal, { 'Retry-After': '60' }));
    expect(await sendEntry(clockIn)).toMatchObject({
      result: 'server_error',
      retryAfterMs: 60_000,
    });
  });
});
