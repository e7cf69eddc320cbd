import { toE164 } from '@twinclean/shared/phone';
import type {
  VisitUpdateSettings,
  visitUpdateSettingsSchema,
} from '@twinclean/shared/visit-updates';
import type { Knex } from 'knex';
import type * as z from 'zod/mini';
import { SmsOptOut } from '../../models/outbound-text';
import { User } from '../../models/user';

/** The client's channels for visit updates, and whether their number sent STOP. */
async function settingsOf(
  db: Knex,
  user: User,
  replyNumber: string | null,
): Promise<VisitUpdateSettings> {
  // A number typed at sign-up before numbers were checked is shown as typed, to be corrected.
  const phone = user.phone ? (toE164(user.phone) ?? user.phone) : null;
  const e164 = phone ? toE164(phone) : null;
  const stopped = e164 ? await SmsOptOut.query(db).findById(e164) : undefined;
  return {
    phone,
    byEmail: user.notifyByEmail,
    byText: user.notifyByText,
    textsStopped: Boolean(stopped),
    replyNumber,
  };
}

export async function visitUpdateSettings(
  db: Knex,
  userId: string,
  replyNumber: string | null,
): Promise<VisitUpdateSettings> {
  return settingsOf(db, await User.query(db).findById(userId).throwIfNotFound(), replyNumber);
}

/**
 * Saves the client's channels. The schema has made the number E.164 (or refused it, on field
 * `phone`) and refused texts without a number; no number means no texts.
 */
export async function saveVisitUpdateSettings(
  db: Knex,
  userId: string,
  input: z.output<typeof visitUpdateSettingsSchema>,
  replyNumber: string | null,
): Promise<VisitUpdateSettings> {
  const phone = input.phone || null;
  const user = await User.query(db)
    .patchAndFetchById(userId, {
      phone,
      notifyByEmail: input.byEmail,
      notifyByText: input.byText && phone !== null,
    })
    .throwIfNotFound();
  return settingsOf(db, user, replyNumber);
}
