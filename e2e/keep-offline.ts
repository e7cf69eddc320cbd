import type { BrowserContext, CDPSession, Page } from '@playwright/test';

const state = (offline: boolean) => ({
  offline,
  latency: 0,
  downloadThroughput: -1,
  uploadThroughput: -1,
});

/**
 * Chrome's headless shell (the bundled browser, scripts/browser.ts) forgets part of the offline
 * emulation in every document loaded while the context is offline: its requests still fail, but
 * navigator.onLine says true again, so an app reloaded in a basement would believe it has a
 * connection, which no phone does. Each document that commits while offline is told so again
 * with Network.overrideNetworkState, from a session of our own: it sets only what navigator says,
 * never what the network does, so the context's `setOffline()` alone decides whether requests
 * go. A full Chromium or Chrome already says false there; telling it again changes nothing.
 */
export function keepOfflineAcrossLoads(context: BrowserContext): void {
  let offline = false;
  let told: Promise<unknown> = Promise.resolve();
  const sessions = new Set<Promise<CDPSession>>();
  const tell = (session: Promise<CDPSession>, value: boolean) =>
    session.then((s) => s.send('Network.overrideNetworkState', state(value))).catch(() => {});
  const setOffline = context.setOffline.bind(context);
  context.setOffline = async (value: boolean) => {
    offline = value;
    await told;
    await setOffline(value);
    await Promise.all([...sessions].map((session) => tell(session, value)));
  };
  // Listening starts at once: a new tab's first load must not slip past while the session opens.
  const watch = (page: Page) => {
    const session = context.newCDPSession(page);
    session.catch(() => {});
    sessions.add(session);
    page.on('close', () => sessions.delete(session));
    page.on('framenavigated', (frame) => {
      if (offline && frame === page.mainFrame()) told = Promise.all([told, tell(session, true)]);
    });
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
}
