import { centsToDollars } from '@twinclean/shared/money';
import type { AdminReferrals, ReferralView } from '@twinclean/shared/referrals';
import type { Knex } from 'knex';
import { CreditEntry, Referral } from '../../models/credit';
import { User } from '../../models/user';
import { referralStatus } from '../credits/view';

type Sum = { cents: number | string | null };

/** What each referral's credit entries gave, by referral id and kind, in cents. */
async function givenByReferral(db: Knex): Promise<Map<string, number>> {
  const rows = (await CreditEntry.query(db)
    .whereNotNull('referralId')
    .select('referralId', 'kind')
    .sum('amountCents as cents')
    .groupBy('referralId', 'kind')) as unknown as (Sum & { referralId: string; kind: string })[];
  return new Map(rows.map((r) => [`${r.referralId}|${r.kind}`, Number(r.cents ?? 0)]));
}

async function ledgerSum(db: Knex, kinds?: string[]): Promise<number> {
  const query = CreditEntry.query(db).sum('amountCents as cents');
  if (kinds) query.whereIn('kind', kinds);
  const row = (await query.first()) as unknown as Sum | undefined;
  return Number(row?.cents ?? 0);
}

/**
 * /admin/referrals (issue 34): every referral, newest first, with both clients, each side's
 * credit and the anti-farming rule of a refusal (as stored: the page words it), and the totals.
 */
export async function listReferrals(db: Knex): Promise<AdminReferrals> {
  const referrals = await Referral.query(db).orderBy('createdAt', 'desc').orderBy('id');
  const ids = [...new Set(referrals.flatMap((r) => [r.referrerId, r.referredId]))];
  const users = ids.length
    ? await User.query(db).findByIds(ids).select('id', 'firstName', 'lastName', 'email')
    : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  const person = (id: string) => {
    const user = byId.get(id);
    return { id, name: user ? `${user.firstName} ${user.lastName}` : '', email: user?.email ?? '' };
  };
  const given = await givenByReferral(db);
  const views: ReferralView[] = referrals.map((r) => ({
    id: r.id,
    referrer: person(r.referrerId),
    referred: person(r.referredId),
    bookingId: r.bookingId,
    status: referralStatus(r),
    refusedReason: r.refusedReason,
    referredCredit: centsToDollars(given.get(`${r.id}|referral_welcome`) ?? 0),
    referrerCredit: centsToDollars(given.get(`${r.id}|referral_reward`) ?? 0),
    createdAt: r.createdAt.toISOString(),
    referrerCreditedAt: r.referrerCreditedAt?.toISOString() ?? null,
  }));
  return {
    referrals: views,
    totals: {
      referrals: views.length,
      credited: views.filter((v) => v.status === 'credited').length,
      refused: views.filter((v) => v.status === 'refused').length,
      creditGiven: centsToDollars(await ledgerSum(db, ['referral_welcome', 'referral_reward'])),
      creditOutstanding: centsToDollars(await ledgerSum(db)),
    },
  };
}
