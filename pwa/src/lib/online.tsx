import { useSyncExternalStore } from 'react';

/**
 * Whether the browser believes it is online: good enough to say "this needs a connection"
 * before trying, never to decide whether a queued punch was sent (the outbox tries and sees).
 */
export const useOnline = () =>
  useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
  );

export const NEEDS_CONNECTION = {
  accept: "You're offline. Accepting a job needs a connection.",
  availability: "You're offline. Changing your availability needs a connection.",
  alerts: "You're offline. Turning job alerts on or off needs a connection.",
  finalPrice: "You're offline. Confirming the final price needs a connection.",
};

/** Said once above the open jobs while offline; each Accept Job button is disabled meanwhile. */
export function OfflineNote({ action }: { action: keyof typeof NEEDS_CONNECTION }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p role="status" className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
      {NEEDS_CONNECTION[action]}
    </p>
  );
}
