import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';

let workbox: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<() => void>();

/**
 * Registers the service worker (scope /provider, so /provider itself opens offline). A new
 * version waits until the provider applies it: never mid-sync, never behind their back.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  workbox = new Workbox('/provider/sw.js', { scope: '/provider' });
  workbox.addEventListener('waiting', () => {
    updateWaiting = true;
    for (const listener of listeners) listener();
  });
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload();
  });
  void workbox.register();
}

/** Switches to the waiting version; the page reloads once it has taken over. */
export function applyUpdate(): void {
  workbox?.messageSkipWaiting();
}

export const useUpdateWaiting = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateWaiting,
  );
