import type { providerApplicationSchema } from '@twinclean/shared/leads';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { lockKey } from '../../db/locks';
import { NewsletterSubscriber } from '../../models/marketing';
import { ProviderApplication } from '../../models/provider-application';

const DUPLICATE_WINDOW_MS = 60_000;

/** Stores a careers application; the same address again within a minute is the same one. */
export async function saveApplication(
  db: Knex,
  input: z.output<typeof providerApplicationSchema>,
): Promise<string> {
  return db.transaction(async (trx) => {
    // Serialise submissions for one address so a double click cannot slip in twice.
    await lockKey(trx, `application:${input.email}`);
    const recent = await ProviderApplication.query(trx)
      .findOne({ email: input.email })
      .where('createdAt', '>', new Date(Date.now() - DUPLICATE_WINDOW_MS));
    if (recent) return recent.id;
    const created = await ProviderApplication.query(trx).insert(input).returning('id');
    return created.id;
  });
}

/** Adds the address to the newsletter, or brings back one that had unsubscribed. */
export async function subscribe(db: Knex, email: string): Promise<void> {
  await NewsletterSubscriber.query(db)
    .insert({ email })
    .onConflict('email')
    .merge({ unsubscribedAt: null });
}

/**
 * One-click unsubscribe: once, however often the link is followed. A subscriber removed since
 * the e-mail was sent has nothing left to unsubscribe, which is success too.
 */
export async function unsubscribe(db: Knex, subscriberId: string): Promise<void> {
  await NewsletterSubscriber.query(db)
    .patch({ unsubscribedAt: new Date() })
    .where({ id: subscriberId })
    .whereNull('unsubscribedAt');
}
