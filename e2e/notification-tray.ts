import type { BrowserContext, TestInfo, Worker } from '@playwright/test';

/**
 * Chrome's headless shell (what `npm install` brings, see scripts/browser.ts) has no notification
 * service. It records a granted permission (`navigator.permissions.query` answers 'granted'), yet
 * `Notification.permission` stays 'denied' and `showNotification()` fails, so no push can ever be
 * shown. A full Chromium or Chrome shows them for real. Only that exact mismatch counts: a browser
 * that did not take the grant at all is left to fail the test.
 */
export async function lacksNotificationService(context: BrowserContext, origin: string) {
  const probe = await context.newPage();
  try {
    await probe.goto(`${origin}/api/health`);
    return await probe.evaluate(
      async () =>
        Notification.permission !== 'granted' &&
        (await navigator.permissions.query({ name: 'notifications' })).state === 'granted',
    );
  } finally {
    await probe.close();
  }
}

/**
 * Stands in for the phone's notification tray, and for nothing else, on a browser that has none:
 * `Notification.permission` and `requestPermission()` answer 'granted' (what the context granted),
 * and `showNotification()`, `getNotifications()` and `Notification.close()` keep the shown
 * notifications in an IndexedDB store that the service worker and the page share. The app's own
 * code runs unchanged on top: the service worker's push handler (delivered over CDP), its message
 * that refreshes the board, and the page closing an accepted job's alert.
 *
 * Each service worker gets the stand-in by evaluation as it starts, not in its script: a script
 * served with other bytes is replaced by the browser's own update check (which no route sees),
 * and the original would take over mid-test. Await `ready()` before delivering a push.
 */
export async function standInNotificationTray(context: BrowserContext, testInfo: TestInfo) {
  testInfo.annotations.push({
    type: 'stand-in',
    description:
      'notification tray (this browser has no notification service): permission, show, list, close',
  });
  await context.addInitScript(notificationTray);
  const patching: Promise<void>[] = [];
  const patch = (worker: Worker) => {
    // A worker that stopped meanwhile needs nothing.
    patching.push(worker.evaluate(notificationTray).catch(() => {}));
  };
  for (const worker of context.serviceWorkers()) patch(worker);
  context.on('serviceworker', patch);
  return {
    ready: async () => {
      await Promise.all(patching);
    },
  };
}

/** Runs in the page and in the service worker; self-contained, it is sent as source. */
function notificationTray() {
  // A page with no service workers (about:blank) has nothing to stand in for.
  if (typeof ServiceWorkerRegistration === 'undefined') return;
  type Shown = {
    key: string;
    seq: number;
    title: string;
    body: string;
    tag: string;
    data: unknown;
  };
  const store = 'shown';
  const using = <T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      const open = indexedDB.open('stand-in-notification-tray', 1);
      open.onupgradeneeded = () => open.result.createObjectStore(store, { keyPath: 'key' });
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction(store, mode);
        const request = work(tx.objectStore(store));
        tx.oncomplete = () => {
          db.close();
          resolve(request.result);
        };
        tx.onerror = () => {
          db.close();
          reject(tx.error);
        };
      };
    });

  if (typeof Notification !== 'undefined') {
    Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
    Notification.requestPermission = async () => 'granted';
  }
  const registration = ServiceWorkerRegistration.prototype;
  registration.showNotification = async (title, options = {}) => {
    // The same tag replaces the one shown before it, as a real tray does.
    const shown: Shown = {
      key: options.tag || crypto.randomUUID(),
      seq: Date.now() + performance.now(),
      title,
      body: options.body ?? '',
      tag: options.tag ?? '',
      data: options.data ?? null,
    };
    await using('readwrite', (s) => s.put(shown));
  };
  registration.getNotifications = async (filter) => {
    const all = (await using('readonly', (s) => s.getAll())) as Shown[];
    return all
      .filter((n) => !filter?.tag || n.tag === filter.tag)
      .sort((a, b) => a.seq - b.seq)
      .map(
        ({ key, title, body, tag, data }) =>
          ({
            title,
            body,
            tag,
            data,
            close: () => void using('readwrite', (s) => s.delete(key)),
          }) as unknown as Notification,
      );
  };
}
