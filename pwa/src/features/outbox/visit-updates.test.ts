import { checklistTickSchema } from '@twinclean/shared/checklists';
import { onMyWaySchema } from '@twinclean/shared/visit-updates';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attemptPatch, stepFor } from './drain-steps';
import type { ChecklistTickEntry, EnRouteEntry, PhotoEntry } from './entry';
import { withLocalPunches } from './local-job';
import { outcomeOf, photoForm, punchBody, sendEntry, tickBody } from './send';
import { entryName } from './sync-summary';
import { tapOnMyWay, tapTick } from './tap';
import { journaled } from './tap-journal';

// Issue 32: "On my way" and checklist ticks go through the outbox with the punches' guarantees —
// the uuid as Idempotency-Key, the same body on every attempt, sent in the job's order. Only
// fetch (the outside world) is stubbed.

const BOOKING = '6f1c2b9e-8a4d-4c3b-9f00-1234567890ab';

const enRoute: EnRouteEntry & { seq: number } = {
  seq: 4,
  id: '0b7c1d52-5f0e-4d2a-9a51-2f6b5c1e9d10',
  providerId: 'p-1',
  kind: 'en_route',
  bookingId: BOOKING,
  occurredAt: '2026-11-27T15:00:00.000Z',
  locateBy: '2026-11-27T15:00:10.000Z',
  status: 'pending',
  latitude: 44.97,
  longitude: -93.26,
  accuracy: 20,
  positionAt: '2026-11-27T14:59:58.000Z',
  offline: true,
  attempts: 0,
};

const tick: ChecklistTickEntry & { seq: number } = {
  seq: 5,
  id: '5d1e3a0c-4b7f-4e7a-8c2d-9a0b1c2d3e4f',
  providerId: 'p-1',
  kind: 'checklist_tick',
  bookingId: BOOKING,
  occurredAt: '2026-11-27T16:10:00.000Z',
  status: 'pending',
  version: 1,
  itemKey: 'kitchen:1',
  task: 'Sink scrubbed and polished',
  done: true,
  offline: true,
  attempts: 0,
};

const fetchAnswering = (res: Response) => {
  const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(res));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};
afterEach(() => vi.unstubAllGlobals());

/**
 * The tap journal's localStorage, stood in for by a Map (`full`: it refuses writes), and a
 * navigator for the new entry's `offline`. This runner has no IndexedDB: every outbox write fails.
 */
function useMemoryStorage({ full = false } = {}) {
  const items = new Map<string, string>();
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('localStorage', {
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k: string) => items.delete(k),
  });
}

describe('"On my way"', () => {
  it('is posted to on-my-way under its uuid, with what a clock-in sends', async () => {
    const fetchMock = fetchAnswering(new Response(null, { status: 200 }));
    await sendEntry(enRoute);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/provider/on-my-way/${BOOKING}`);
    expect(init?.headers).toMatchObject({ 'Idempotency-Key': enRoute.id });
    const body = JSON.parse(init?.body as string);
    expect(body).toEqual({
      latitude: 44.97,
      longitude: -93.26,
      accuracy: 20,
      positionAt: '2026-11-27T14:59:58.000Z',
      occurredAt: '2026-11-27T15:00:00.000Z',
      deviceSeq: 4,
      offline: true,
    });
    expect(onMyWaySchema.safeParse(body).success).toBe(true);
    // Every attempt sends the same bytes: the server keeps the first body under the key.
    expect(JSON.stringify(punchBody({ ...enRoute, attempts: 3, lastError: 'x' }))).toBe(
      JSON.stringify(punchBody(enRoute)),
    );
  });

  it('waits for its location at most 10 s from the tap', async () => {
    useMemoryStorage();
    const tapped = tapOnMyWay('p-1', BOOKING);
    // Journaled in the tap itself; this runner has no IndexedDB, so the outbox write then fails.
    const [journaledTap] = journaled() as EnRouteEntry[];
    await tapped.catch(() => {});
    expect(journaledTap).toMatchObject({
      kind: 'en_route',
      status: 'locating',
      bookingId: BOOKING,
    });
    const wait =
      Date.parse(journaledTap?.locateBy ?? '') - Date.parse(journaledTap?.occurredAt ?? '');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(10_000);
    const locating = { ...enRoute, status: 'locating' } as const;
    expect(stepFor(locating, { force: true, now: Date.parse(enRoute.occurredAt) }).step).toBe(
      'locate',
    );
  });

  it('keeps the arrival the client was told, and the server’s word', async () => {
    const answer = {
      ok: true,
      message: 'Client Notified',
      bookingId: BOOKING,
      occurredAt: enRoute.occurredAt,
      etaAt: '2026-11-27T15:25:00.000Z',
      etaMinutes: 25,
    };
    const outcome = await outcomeOf(enRoute, new Response(JSON.stringify(answer)));
    expect(outcome).toEqual({
      result: 'sent',
      enRoute: { etaAt: '2026-11-27T15:25:00.000Z', message: 'Client Notified' },
    });
    expect(attemptPatch(enRoute, outcome, new Date())).toMatchObject({
      status: 'sent',
      enRoute: { etaAt: '2026-11-27T15:25:00.000Z', message: 'Client Notified' },
    });
  });

  it('refused for good (too early, canceled) is kept with the reason, not resent', async () => {
    const message = "You can say you're on your way from 12 hours before the visit.";
    const refused = new Response(JSON.stringify({ message, code: 'too_early' }), { status: 409 });
    expect(await outcomeOf(enRoute, refused)).toEqual({
      result: 'rejected',
      message,
      code: 'too_early',
    });
  });

  it('shows the job on the way until it is clocked into, unless refused', () => {
    const job = { status: 'assigned', providerClockInTime: null, providerClockOutTime: null };
    const local = (entries: EnRouteEntry[]) =>
      withLocalPunches(job as Parameters<typeof withLocalPunches>[0], entries).status;
    expect(local([enRoute])).toBe('en_route');
    expect(local([{ ...enRoute, status: 'rejected' }])).toBe('assigned');
    expect(local([])).toBe('assigned');
  });
});

describe('a checklist tick', () => {
  it('is posted to the job’s checklist under its uuid, without the task’s words', async () => {
    const fetchMock = fetchAnswering(new Response(null, { status: 200 }));
    expect(await sendEntry(tick)).toEqual({ result: 'sent' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/provider/jobs/${BOOKING}/checklist`);
    expect(init?.headers).toMatchObject({ 'Idempotency-Key': tick.id });
    const body = JSON.parse(init?.body as string);
    expect(body).toEqual(tickBody(tick));
    expect(body).not.toHaveProperty('task');
    expect(checklistTickSchema.parse(body)).toEqual({
      version: 1,
      itemKey: 'kitchen:1',
      done: true,
      occurredAt: '2026-11-27T16:10:00.000Z',
      deviceSeq: 5,
      offline: true,
    });
  });

  it('whose outbox write fails stays journaled, to be sent: the tap says so, not "try again"', async () => {
    useMemoryStorage();
    const tapped = { version: 1, itemKey: 'kitchen:1', task: 'Sink', done: true };
    expect(await tapTick('p-1', BOOKING, tapped)).toBe('journaled');
    // The next drain moves it from the journal to the outbox (journal-move.ts) and sends it.
    expect(journaled()).toEqual([
      expect.objectContaining({ kind: 'checklist_tick', itemKey: 'kitchen:1', done: true }),
    ]);
  });

  it('kept nowhere (journal full, outbox failing) fails the tap: only then is it "try again"', async () => {
    useMemoryStorage({ full: true });
    const tapped = { version: 1, itemKey: 'kitchen:1', task: 'Sink', done: true };
    await expect(tapTick('p-1', BOOKING, tapped)).rejects.toThrow();
    expect(journaled()).toEqual([]);
  });

  it('goes at once: it looks for no location', () => {
    expect(stepFor(tick, { force: false, now: Date.parse(tick.occurredAt) })).toEqual({
      step: 'send',
    });
  });

  it('an unknown task refused (422) is kept with the reason', async () => {
    const message = "That task is not on this visit's checklist.";
    const refused = new Response(JSON.stringify({ message, code: 'unknown_task' }), {
      status: 422,
    });
    expect(await outcomeOf(tick, refused)).toMatchObject({ result: 'rejected', message });
  });
});

describe('the sync queue', () => {
  it('names "On my way" and each tick by its task', () => {
    expect(entryName(enRoute)).toBe('On my way');
    expect(entryName(tick)).toBe('Checklist: Sink scrubbed and polished (done)');
    expect(entryName({ ...tick, done: false })).toBe(
      'Checklist: Sink scrubbed and polished (not done)',
    );
  });
});

describe('a task’s photo', () => {
  const photo: PhotoEntry = {
    ...tick,
    kind: 'photo',
    status: 'pending',
    photoType: 'before',
    fileName: 'sink.jpg',
  };
  const bytes = { id: photo.id, bytes: new ArrayBuffer(4), mimeType: 'image/jpeg' };

  it('names its task, one key for its one photo', () => {
    const form = photoForm({ ...photo, checklistItemKey: 'kitchen:1' }, bytes);
    expect(form.getAll('checklistItemKeys')).toEqual(['kitchen:1']);
    expect(form.getAll('photoIds')).toEqual([photo.id]);
  });

  it('of no task sends no key: older photos replay the upload they always had', () => {
    expect(photoForm(photo, bytes).has('checklistItemKeys')).toBe(false);
  });
});
