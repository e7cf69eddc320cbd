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
};
