import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '@twinclean/shared/http';
import { base64urlBytes, jobAlertTag } from '@twinclean/shared/push';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { providerKeys } from '../../lib/query-keys';

/**
 * - unsupported: this browser has no Web Push;
 * - install: an iPhone browser tab (iOS offers push only to a Home Screen app);
 * - blocked: the provider said no to notifications (only the phone's settings can undo it);
 * - off / on: this phone's subscription.
 */
export type JobAlertsState = 'checking' | 'unsupported' | 'install' | 'blocked' | 'off' | 'on';

const keySchema = z.object({ publicKey: z.string() });

const pushSupported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

const onIosTab = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) &&
  !window.matchMedia('(display-mode: standalone)').matches;

/** The provider app's service worker's push manager; none before it registered (or in dev). */
async function pushManager(): Promise<PushManager | undefined> {
  return (await navigator.serviceWorker.getRegistration('/provider'))?.pushManager;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

async function currentState(): Promise<JobAlertsState> {
  if (!pushSupported()) return onIosTab() ? 'install' : 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const manager = await pushManager();
  if (!manager) return 'unsupported';
  const subscription = await manager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Tells the server this phone alerts whoever is signed in (a shared phone follows its user). */
const register = (subscription: PushSubscription) =>
  apiRequest('PUT', '/api/provider/push/subscription', subscription.toJSON());

/** The key browsers subscribe with, asked for before the tap so nothing slow sits between them. */
async function serverKey(): Promise<Uint8Array<ArrayBuffer>> {
  // The applicationServerKey as the bytes every browser accepts.
  const bytes = base64urlBytes(keySchema.parse(await getJson('/api/provider/push/key')).publicKey);
  if (!bytes) throw new Error('The server sent an unreadable push key');
  return bytes;
}

/**
 * Runs from the tap: browsers ask for notification permission only on a user gesture, and
 * Safari wants subscribe() right after it.
 */
async function turnOn(key: Promise<Uint8Array<ArrayBuffer>>): Promise<JobAlertsState> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const manager = await pushManager();
  if (!manager) return 'unsupported';
  const bytes = await key;
  let subscription = await manager.getSubscription();
  // Made with a key the server no longer signs with: it would never receive a push.
  if (subscription && !sameKey(subscription.options.applicationServerKey, bytes)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes });
  await register(subscription);
  return 'on';
}

/**
 * The server forgets the phone first, so a failed request leaves alerts on, and says so.
 * Signing out unsubscribes the phone regardless: its push service then answers 410 and the
 * server drops the subscription itself.
 */
export async function turnOffJobAlerts({ signingOut = false } = {}): Promise<void> {
  if (!pushSupported()) return;
  const subscription = await (await pushManager())?.getSubscription();
  if (!subscription) return;
  try {
    await apiRequest('DELETE', '/api/provider/push/subscription', {
      endpoint: subscription.endpoint,
    });
  } catch (error) {
    if (!signingOut) throw error;
  }
  await subscription.unsubscribe();
}

/** This phone's job alerts, and the taps that change them. */
export function useJobAlerts() {
  const [state, setState] = useState<JobAlertsState>('checking');
  const key = useRef<Promise<Uint8Array<ArrayBuffer>> | null>(null);
  useEffect(() => {
    let live = true;
    void currentState().then(async (found) => {
      if (!live) return;
      setState(found);
      if (found !== 'on' && found !== 'off') return;
      key.current = serverKey();
      key.current.catch(() => {});
      if (found !== 'on') return;
      // Quietly re-claim the phone for this provider (the next visit tries again if offline);
      // one subscribed with an old key receives nothing, so it shows as off until tapped again.
      try {
        const subscription = await (await pushManager())?.getSubscription();
        if (!subscription) return;
        if (!sameKey(subscription.options.applicationServerKey, await key.current)) {
          if (live) setState('off');
          return;
        }
        await register(subscription);
      } catch {}
    });
    return () => {
      live = false;
    };
  }, []);
  const on = useCallback(async () => {
    // Offline when the app opened: ask now.
    key.current = (key.current ?? Promise.reject()).catch(serverKey);
    setState(await turnOn(key.current));
  }, []);
  const off = useCallback(async () => {
    await turnOffJobAlerts();
    setState('off');
  }, []);
  return { state, on, off };
}

/** A job alert reached the phone while the app is open: the board it points to refreshes. */
export function refreshOnJobAlerts(queryClient: QueryClient): void {
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type !== 'job-alert') return;
    void queryClient.invalidateQueries({ queryKey: providerKeys.jobBoard });
  });
}

/** A job this phone accepted: its alert is old news. */
export async function dismissJobAlert(bookingId: string): Promise<void> {
  if (!('serviceWorker' in navigator) || !('Notification' in window)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const shown = (await registration?.getNotifications({ tag: jobAlertTag(bookingId) })) ?? [];
  for (const notification of shown) notification.close();
}
