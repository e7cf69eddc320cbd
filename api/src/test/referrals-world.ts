import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { CreditEntry, Referral } from '../models/credit';
import { User } from '../models/user';

/**
 * A friend clientA referred, who got the welcome credit and whose visit is still to come: their
 * first name is clientA's to see (GET /api/client/credits) and the admins', nobody else's.
 */
export async function referralsWorld(db: Knex, secret: string, clientA: string) {
  const friend = await User.query(db).insert({
    // A world may be built more than once in a database: each its own friend.
    email: `friend-${randomBytes(4).toString('hex')}@example.com`,
    firstName: `f${secret}`,
    lastName: 'Matrix',
    role: 'client',
    emailVerifiedAt: new Date(),
  });
  const referral = await Referral.query(db)
    .insert({ referrerId: clientA, referredId: friend.id })
    .returning('*');
  await CreditEntry.query(db).insert({
    clientId: friend.id,
    amountCents: 2000,
    kind: 'referral_welcome',
    referralId: referral.id,
  });
  return { referralSecrets: [`f${secret}`, friend.id, referral.id] };
}
