import { backoffMs } from './backoff';
import type { DrainReport, DrainResult } from './drain';
import { outboxExists } from './store';
import { setSyncState } from './sync-state';
import { hasJournal } from './tap-journal';

let providerId: string | null = null;
let onReport: (report: DrainReport) => void = () => {};
/** Drains in a row that stopped for the whole outbox (offline, signed out, another tab). */
let stops = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;
let again = false;
let forceAgain = false;
const watched = new WeakSet<Promise<void>>();

/**
 * Drains the outbox if this browser has one, or a punch journaled at a tap; with neither there is
 * nothing to send (or to load).
 */
async function drain(id: string, force: boolean): Promise<DrainResult> {
  if (!hasJournal() && !(await outboxExists())) return { result: 'idle', wakeAt: null, wakeOn: [] };
  const { drainOutbox } = await import('./drain');
  return drainOutbox(id, onReport, force);
}

function wakeIn(ms: number) {
  clearTimeout(timer);
  timer = setTimeout(() => void syncNow(), Math.max(0, ms));
}

/**
 * Drains now (or right after the drain in progress); safe to call from anywhere, any time.
 * `force` (the provider asked) also retries entries still backing off after a server error.
 */
export function syncNow({ force = false } = {}): Promise<void> {
  if (!providerId) return Promise.resolve();
  if (running) {
    again = true;
    forceAgain ||= force;
    return running;
  }
  running = (async () => {
    let forcing = force;
    do {
      clearTimeout(timer);
      again = false;
      forceAgain = false;
      let drained: DrainResult;
      try {
        drained = await drain(providerId as string, forcing);
      } catch (error) {
        // An answer cut off mid-read, storage refusing a write: try again later, never give up.
        setSyncState({ lastFailure: error instanceof Error ? error.message : String(error) });
        drained = { result: 'failed' };
      }
      forcing = forceAgain;
      if (drained.result === 'idle') {
        stops = 0;
        // A punch finding its location, or a job backing off: never idle with nothing planned.
        if (drained.wakeAt !== null) wakeIn(drained.wakeAt - Date.now());
        for (const done of drained.wakeOn.filter((p) => !watched.has(p))) {
          watched.add(done);
          void done.then(() => syncNow());
        }
      } else {
        stops += 1;
        // Looking for a connection costs nothing, and the 'online' event is not to be trusted
        // (a dropped connection or a dead gateway never fires it): look again within 20 s.
        wakeIn(backoffMs(stops));
        again = false;
      }
    } while (again);
  })().finally(() => {
    running = null;
    // Asked after the last drain's final check but before it ended (a wake that had already
    // settled, like a fix found during that drain): that call saw it running and only set `again`.
    if (again) void syncNow({ force: forceAgain });
  });
  return running;
}

const onVisible = () => {
  if (document.visibilityState === 'visible') void syncNow();
};
const onOnline = () => void syncNow();
// On Android the service worker relays a Background Sync event; iOS has none, hence the rest.
const onWorkerMessage = (event: MessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'outbox-sync') void syncNow();
};

/** Starts syncing the signed-in provider's outbox: now, when visible, when online, on a timer. */
export function startSync(id: string, report: (report: DrainReport) => void): () => void {
  providerId = id;
  onReport = report;
  void syncNow();
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', onOnline);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  return () => {
    providerId = null;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', onOnline);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
  };
}
