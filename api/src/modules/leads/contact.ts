import type { contactMessageSchema } from '@twinclean/shared/leads';
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { Mailer } from '../../adapters/mailer';
import { lockKey } from '../../db/locks';
import { ContactForm } from '../../models/marketing';
import { contactAcknowledgement } from './emails';

const DUPLICATE_WINDOW_MS = 60_000;

/**
 * POST /api/contact: keeps the message for /admin/contact-forms and tells the sender it arrived.
 * A filled honeypot is a bot: it is answered like anyone (so it learns nothing) and nothing is
 * kept or sent. The same message from the same address within a minute (a double click, a
 * retried request) is kept once.
 */
export async function saveContactMessage(
  deps: { db: Knex; mailer: Mailer },
  input: z.output<typeof contactMessageSchema>,
): Promise<void> {
  if (input.website?.trim()) return;
  const { website: _honeypot, phone, ...fields } = input;
  const created = await deps.db.transaction(async (trx) => {
    await lockKey(trx, `contact:${fields.email}`);
    const recent = await ContactForm.query(trx)
      .select('id')
      .where({ email: fields.email, message: fields.message })
      .where('createdAt', '>', new Date(Date.now() - DUPLICATE_WINDOW_MS))
      .first();
    if (recent) return false;
    await ContactForm.query(trx).insert({ ...fields, phone: phone || null, subject: '' });
    return true;
  });
  // After the commit: a mail server that is slow or down never loses the message.
  if (created) await deps.mailer.send(contactAcknowledgement(fields, fields.message));
}
