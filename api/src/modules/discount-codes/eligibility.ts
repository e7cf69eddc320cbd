import { DISCOUNT_CODE_MESSAGES } from '@twinclean/shared/discount-codes';
import type { Knex } from 'knex';
import { Booking } from '../../models/booking';
import { type DiscountCode, DiscountRedemption } from '../../models/discount-code';
import { User } from '../../models/user';

export type CodeUser = { email: string; clientId: string | null };

/**
 * Why this client may not use `code`; null when they may. A client is known by the booking's
 * e-mail and, signed in, by their account: a guest cannot take a first-booking code twice by
 * booking once signed in and once not. A canceled booking is not a booking had.
 */
export async function clientProblem(
  db: Knex,
  code: DiscountCode,
  user: CodeUser,
): Promise<string | null> {
  // Signed in, the account's own e-mail counts too: a guest booking made with it before is theirs,
  // whatever e-mail this booking's form was given.
  const account = user.clientId ? await User.query(db).findById(user.clientId) : undefined;
  const emails = [...new Set([user.email, ...(account ? [account.email] : [])])];
  if (code.firstBookingOnly) {
    const earlier = await Booking.query(db)
      .where((q) => {
        q.whereIn('clientEmail', emails);
        if (user.clientId) q.orWhere('clientId', user.clientId);
      })
      .whereNull('canceledAt')
      .select('id')
      .first();
    if (earlier) return DISCOUNT_CODE_MESSAGES.firstBookingOnly;
  }
  if (code.maxUsesPerClient !== null) {
    const used = await DiscountRedemption.query(db)
      .where('codeId', code.id)
      .where((q) => {
        q.whereIn('clientEmail', emails);
        if (user.clientId) q.orWhere('clientId', user.clientId);
      })
      .resultSize();
    if (used >= code.maxUsesPerClient) return DISCOUNT_CODE_MESSAGES.usedByYou;
  }
  return null;
}
