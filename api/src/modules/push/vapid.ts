import type { Knex } from 'knex';
import webpush from 'web-push';
import { z } from 'zod';
import type { VapidKeys } from '../../adapters/push';
import type { Config } from '../../config';
import { storedSecret } from '../../db/stored-secret';

const storedSchema = z.object({ publicKey: z.string(), privateKey: z.string() });

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when given; otherwise a pair generated on first start and
 * kept in app_secrets, shared by every API process. Browsers subscribe with the public key, so
 * it must never change under them.
 */
export async function vapidKeys(
  knex: Knex,
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>,
): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return checked({
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY,
      subject,
    });
  }
  const stored = await storedSecret(knex, 'vapid_keys', () => webpush.generateVAPIDKeys());
  return checked({ ...storedSchema.parse(stored), subject });
}

/** Keys web-push cannot sign with stop the start, instead of failing every push later. */
function checked(keys: VapidKeys): VapidKeys {
  try {
    webpush.getVapidHeaders(
      'https://fcm.googleapis.com',
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
  } catch (error) {
    throw new Error(
      `VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY cannot sign pushes: ${(error as Error).message}`,
    );
  }
  return keys;
}
