import type { AddressInfo } from 'node:net';
import { PushApiModel } from 'web-push-testing/src/PushApiModel.js';
import WebPushTestingServer from 'web-push-testing/src/server.js';
import { z } from 'zod';

const subscribedSchema = z.object({
  data: z.object({
    endpoint: z.string(),
    keys: z.object({ p256dh: z.string(), auth: z.string() }),
    clientHash: z.string(),
  }),
});
const messagesSchema = z.object({ data: z.object({ messages: z.array(z.string()) }) });

export type LocalPhone = z.infer<typeof subscribedSchema>['data'];

/**
 * A real push service on loopback (the web-push-testing package): it hands out subscriptions
 * as a browser would, checks each push's VAPID signature against the key the "phone"
 * subscribed with, and decrypts the payload with the subscription's keys.
 */
export async function startLocalPushService() {
  const model = new PushApiModel();
  const service = new WebPushTestingServer(model, 0);
  service.startServer();
  await new Promise<void>((resolve) => service._server.once('listening', resolve));
  const url = `http://127.0.0.1:${(service._server.address() as AddressInfo).port}`;
  model.notifyUrl = `${url}/notify/`;
  const post = (path: string, body?: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  return {
    url,
    /** A browser's pushManager.subscribe({ userVisibleOnly, applicationServerKey }). */
    async subscribe(applicationServerKey: string): Promise<LocalPhone> {
      const res = await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey });
      if (!res.ok) throw new Error(`subscribe failed: ${await res.text()}`);
      return subscribedSchema.parse(await res.json()).data;
    },
    /** The decrypted payloads this phone received, oldest first. */
    async received(phone: LocalPhone): Promise<unknown[]> {
      const res = await post('/get-notifications', { clientHash: phone.clientHash });
      return messagesSchema.parse(await res.json()).data.messages.map((m) => JSON.parse(m));
    },
    /** The browser dropped the subscription: later pushes get 410. */
    async expire(phone: LocalPhone): Promise<void> {
      await post(`/expire-subscription/${phone.clientHash}`);
    },
    stop: () => {
      service._server.closeAllConnections();
      return new Promise<void>((resolve) => service._server.close(() => resolve()));
    },
  };
}
