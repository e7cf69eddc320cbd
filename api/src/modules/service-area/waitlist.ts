import { WAITLIST_JOINED_MESSAGE, type waitlistFormSchema } from '@twinclean/shared/service-area';
import type { Knex } from 'knex';
import type * as z from 'zod/mini';
import { WaitlistEntry } from '../../models/service-area';

type WaitlistForm = z.output<typeof waitlistFormSchema>;

/**
 * Puts a visitor on the waitlist for their ZIP and service. Joining again changes nothing and
 * answers the same, so the answer never tells whether an address was already there. A ZIP we
 * serve is taken too: the list may have changed since the visitor's page asked.
 */
export async function joinWaitlist(db: Knex, form: WaitlistForm): Promise<{ message: string }> {
  await WaitlistEntry.query(db)
    .insert({ email: form.email, zip: form.zip, serviceType: form.serviceType })
    .onConflict(['email', 'zip', 'serviceType'])
    .ignore();
  return { message: WAITLIST_JOINED_MESSAGE };
}
