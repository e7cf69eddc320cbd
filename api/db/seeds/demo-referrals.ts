import type { Knex } from 'knex';
import { demoAccounts, seedId } from './demo-accounts';

/** The demo client's referral link: /book?ref=JORDAN26 (issue 34). */
export const DEMO_REFERRAL_CODE = 'JORDAN26';

/**
 * The demo client's referral link and two friends who came by it (accounts without a password,
 * to read, not to sign in as): Casey got the welcome credit and her first visit is still to
 * come, so Jordan's credit waits for it; Noah was refused, booking for Jordan's own home. The
 * demo client's balance stays nothing, so their bookings cost what the demo prices say.
 */
export async function seedReferrals(trx: Knex.Transaction): Promise<void> {
  const jordan = demoAccounts.client.id;
  await trx('referralLinks')
    .insert({ userId: jordan, code: DEMO_REFERRAL_CODE })
    .onConflict('userId')
    .ignore();
  const friends = [
    { id: seedId(720), firstName: 'Casey', lastName: 'Holm', email: 'casey.holm@example.net' },
    { id: seedId(721), firstName: 'Noah', lastName: 'Ekberg', email: 'noah.ekberg@example.net' },
  ];
  await trx('users')
    .insert(friends.map((f) => ({ ...f, role: 'client', emailVerifiedAt: new Date() })))
    .onConflict('email')
    .ignore();
  const [casey, noah] = friends.map((f) => f.id) as [string, string];
  await trx('referrals')
    .insert([
      { id: seedId(730), referrerId: jordan, referredId: casey },
      { id: seedId(731), referrerId: jordan, referredId: noah, refusedReason: 'same_address' },
    ])
    .onConflict('id')
    .ignore();
  await trx('creditEntries')
    .insert({
      id: seedId(740),
      clientId: casey,
      amountCents: 2000,
      kind: 'referral_welcome',
      referralId: seedId(730),
    })
    .onConflict('id')
    .ignore();
}
