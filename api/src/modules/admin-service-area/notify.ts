import { notServedYetMessage, type WaitlistQuery } from '@twinclean/shared/service-area';
import type { ServiceType } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import { queueMail } from '../../adapters/mailer';
import { audit } from '../../core/audit';
import { AppError } from '../../errors';
import { ServedZip, WaitlistEntry } from '../../models/service-area';
import { placeOf } from '../service-area/served';
import { waitlistOpenEmail } from './emails';

export type NotifyDeps = { db: Knex; siteUrl: string };

/**
 * POST /api/admin/waitlist/:zip/notify: everyone still waiting in a ZIP we now serve gets one
 * e-mail (whatever services they asked for), queued in the transaction that marks them told.
 * The mark is a conditional update: of two clicks at once, the second finds nobody waiting.
 */
export async function notifyWaitlist(
  deps: NotifyDeps,
  actorId: string,
  zip: NonNullable<WaitlistQuery['zip']>,
): Promise<{ message: string; sent: number }> {
  return deps.db.transaction(async (trx) => {
    // Held to the commit: the ZIP cannot leave the list while its waitlist is told it is served.
    const served = await ServedZip.query(trx).findById(zip).forShare();
    if (!served) throw new AppError(409, 'zip_not_served', notServedYetMessage(zip));
    const claimed = await WaitlistEntry.query(trx)
      .patch({ notifiedAt: new Date() })
      .where({ zip })
      .whereNull('notifiedAt')
      .returning(['email', 'serviceType']);
    if (claimed.length === 0) {
      return { message: `Nobody is waiting in ${zip}: no e-mail was sent.`, sent: 0 };
    }
    const byEmail = new Map<string, ServiceType[]>();
    for (const entry of claimed) {
      byEmail.set(entry.email, [...(byEmail.get(entry.email) ?? []), entry.serviceType]);
    }
    const place = placeOf(zip);
    for (const [email, services] of byEmail) {
      await queueMail(trx, waitlistOpenEmail(email, zip, place, services.sort(), deps.siteUrl));
    }
    const sent = byEmail.size;
    await audit(trx, {
      actorId,
      action: 'waitlist.notify',
      entity: 'waitlist',
      entityId: zip,
      before: null,
      after: { zip, entries: claimed.length, emails: sent },
    });
    return {
      message: `E-mailed ${sent} ${sent === 1 ? 'person' : 'people'} on the ${zip} waitlist.`,
      sent,
    };
  });
}
