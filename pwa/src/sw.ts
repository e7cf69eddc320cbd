/// <reference lib="webworker" />

import type { PushMessage } from '@twinclean/shared/push';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

// The app shell, scripts, styles, icons and the photo compressor's worker script: everything
// the provider app needs to open with no network.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every provider route opens from the cached shell; /api is never answered from a cache.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/provider/index.html'), {
    allowlist: [/^\/provider(\/|$)/],
  }),
);

// workbox-window's messageSkipWaiting: the page asks only when its outbox is empty.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Android's Background Sync: wake an open page to drain its outbox (the page owns the drain).
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag !== 'outbox') return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'outbox-sync' });
    }),
  );
});

const UNREADABLE_PUSH: PushMessage = {
  title: 'TwinClean',
  body: 'There is news on the job board.',
  tag: 'job-board',
  url: '/provider/job-board',
};

self.addEventListener('push', (event) => {
  // Every push must show a notification (browsers revoke silent ones), even one we cannot read.
  let payload: PushMessage | undefined;
  try {
    payload = event.data?.json() as PushMessage | undefined;
  } catch {
    payload = undefined;
  }
  payload ??= UNREADABLE_PUSH;
  // The same tag replaces an earlier one (a job taken); an open app refreshes its job board.
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        data: { url: payload.url },
        icon: '/provider/icons/icon-192.png',
        badge: '/provider/icons/icon-192.png',
      }),
      self.clients.matchAll({ type: 'window' }).then((clients) => {
        for (const client of clients) client.postMessage({ type: 'job-alert' });
      }),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/provider/job-board';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      const open = clients.find((c) => new URL(c.url).pathname.startsWith('/provider'));
      if (open) return open.focus().then((c) => c.navigate(url));
      return self.clients.openWindow(url);
    }),
  );
});
