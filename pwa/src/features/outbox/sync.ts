import { outboxDb } from './db';
import { type DrainReport, drainOutbox } from './drain';

// Retry a stopped drain after 5 s, doubling up to 5 minutes while the app is open.
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 5 * 60_000;
/** A punch still waiting for a fix this long after the tap was cut short (the app closed). */
const LOCATING_GRACE_MS = 15_000;

let providerId: string | null = null;
let onReport: (report: DrainReport) => void = () => {};
let retryMs = FIRST_RETRY_MS;
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;
let again = false;

/** Drains now (or right after the drain in progress); safe to call from anywhere, any time. */
export function syncNow(): Promise<void> {
  if (!providerId) return Promise.resolve();
  if (running) {
    again = true;
    return running;
  }
  clearTimeout(timer);
  running = (async () => {
    do {
      again = false;
      const result = await drainOutbox(providerId as string, onReport);
      if (result === 'done') {
        retryMs = FIRST_RETRY_MS;
      } else {
        // Stopped (offline, server trouble) or another tab holds the lock: look again later.
        timer = setTimeout(() => void syncNow(), retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
        again = false;
      }
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

/** Punches whose location wait was cut off by the app closing go out without a location. */
async function releaseStalePunches(id: string): Promise<void> {
  const cutoff = Date.now() - LOCATING_GRACE_MS;
  await outboxDb.entries
    .where('[providerId+status]')
    .equals([id, 'locating'])
    .filter((e) => new Date(e.occurredAt).getTime() < cutoff)
    .modify({ status: 'pending', locationProblem: 'The app closed before the location was found' });
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
  void releaseStalePunches(id).then(syncNow);
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
