// The outbox database (and Dexie, a sixth of the app's JavaScript) loads only where it is
// needed: once something is queued, or with a screen that can punch (the clock panel imports
// the recorder, so a tap is stored at once). A first visit to the board, payouts, availability
// or a dashboard with no job today does not download it. The service worker still precaches
// it, so a later offline start has it at once.

/** Dexie's name for it, see storage.ts. */
const NAME = 'twinclean-outbox';

type OutboxModule = typeof import('./storage');

let loading: Promise<OutboxModule> | undefined;
/** Found, or announced: from then on nobody asks the browser again. */
let known = false;
const waiting = new Set<() => void>();
const channel =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`${NAME}-created`);

/** The outbox module, loaded on first call. */
export function openOutbox(): Promise<OutboxModule> {
  // A failed load is asked again next time, not remembered (a browser that retries it can).
  loading ??= import('./storage').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Whether this browser holds an outbox (it may, when the browser cannot list its databases). */
export async function outboxExists(): Promise<boolean> {
  if (known) return true;
  const list = await indexedDB.databases?.().catch(() => undefined);
  known ||= !list || list.some((db) => db.name === NAME);
  return known;
}

function created() {
  known = true;
  for (const then of [...waiting]) then();
  waiting.clear();
}
channel?.addEventListener('message', created);

/** Tells this tab and the others that the outbox now exists (after the first thing stored). */
export function announceOutbox(): void {
  created();
  channel?.postMessage('created');
}

/**
 * Runs `then` once the outbox exists: at once when it does, else when this tab or another
 * stores its first punch or photo. Returns a function that stops waiting.
 */
export function whenOutbox(then: () => void): () => void {
  let stopped = false;
  const run = () => {
    if (!stopped) then();
  };
  // `known` again: another tab may have announced it while the list was being read.
  void outboxExists().then(() => (known ? run() : waiting.add(run)));
  return () => {
    stopped = true;
    waiting.delete(run);
  };
}
