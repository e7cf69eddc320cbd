import * as z from 'zod/mini';
import { dollarsSchema } from './money';

// Referral credit (issue 34, DECISIONS.md "Service area and promotions"): each client has a
// link; a new client who books through it gets credit off their first visit, and the referrer
// gets credit once that visit is completed (amounts in Pricing Config). Credit is a ledger per
// client, spent automatically on their next booking before the card is charged, never cash.

/** The query parameter a referral link carries: /book?ref=AB12CD34. */
export const REFERRAL_PARAM = 'ref';

/**
 * Why a referral earns nothing: the anti-farming rules. A referred client must be a new client
 * under their own name, at their own home, with their own card: the same account or mailbox,
 * the same home address, the same private e-mail domain, or (when the referrer's credit falls
 * due) the same saved card as the referrer's is refused.
 */
export const REFERRAL_REFUSALS = {
  unknown: "That referral link isn't valid",
  guest: 'Sign in or create an account before booking to get your referral credit',
  own_link: "You can't use your own referral link",
  not_first: 'Referral credit is for a new client’s first booking',
  same_email: 'This e-mail address belongs to the person who referred you',
  same_email_domain: 'Referral credit is not given between addresses at the same e-mail domain',
  same_address: 'This home is already one the person who referred you books for',
  same_card: 'The same card is saved by both clients',
} as const;
export type ReferralRefusal = keyof typeof REFERRAL_REFUSALS;

/** Mail providers anyone may have an address at: the same-domain rule does not apply to them. */
export const PUBLIC_MAIL_DOMAINS = [
  'aol.com',
  'comcast.net',
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'icloud.com',
  'live.com',
  'mac.com',
  'me.com',
  'msn.com',
  'outlook.com',
  'proton.me',
  'protonmail.com',
  'yahoo.com',
  'ymail.com',
] as const;

export const creditKindSchema = z.enum([
  'referral_welcome',
  'referral_reward',
  'booking',
  'booking_released',
]);

export const CREDIT_KIND_LABELS: Record<z.infer<typeof creditKindSchema>, string> = {
  referral_welcome: 'Welcome credit from a referral',
  referral_reward: 'Credit for referring a friend',
  booking: 'Spent on a booking',
  booking_released: 'Returned from a canceled booking',
};

export const referralStatusSchema = z.enum(['waiting', 'credited', 'refused']);

/** GET /api/client/credits: the client's link, balance, ledger and the friends they referred. */
export const clientCreditsSchema = z.object({
  referralCode: z.string(),
  referralLink: z.string(),
  /** What the friend gets off their first visit, and what the client gets after it. */
  friendCredit: dollarsSchema,
  yourCredit: dollarsSchema,
  balance: dollarsSchema,
  /**
   * No booking yet (a canceled one aside) and not referred before: a referral link's welcome
   * credit would be added at the next booking, as the server decides then.
   */
  firstBooking: z.boolean(),
  entries: z.array(
    z.object({
      id: z.string(),
      kind: creditKindSchema,
      amount: z.string(),
      bookingId: z.nullable(z.string()),
      createdAt: z.string(),
    }),
  ),
  referrals: z.array(
    z.object({
      firstName: z.string(),
      status: referralStatusSchema,
      refusedReason: z.nullable(z.string()),
      createdAt: z.string(),
    }),
  ),
});
export type ClientCredits = z.infer<typeof clientCreditsSchema>;

/** /admin/referrals: each referral with both clients and what each side got. */
export const referralViewSchema = z.object({
  id: z.string(),
  referrer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  referred: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  bookingId: z.nullable(z.string()),
  status: referralStatusSchema,
  refusedReason: z.nullable(z.string()),
  referredCredit: dollarsSchema,
  referrerCredit: dollarsSchema,
  createdAt: z.string(),
  referrerCreditedAt: z.nullable(z.string()),
});
export type ReferralView = z.infer<typeof referralViewSchema>;

/** GET /api/admin/referrals: every referral, newest first, and the totals. */
export const adminReferralsSchema = z.object({
  referrals: z.array(referralViewSchema),
  totals: z.object({
    referrals: z.number(),
    credited: z.number(),
    refused: z.number(),
    /** All referral credit ever put on clients' ledgers, both sides. */
    creditGiven: dollarsSchema,
    /** What clients hold now and have not spent: every ledger's balance together. */
    creditOutstanding: dollarsSchema,
  }),
});
export type AdminReferrals = z.infer<typeof adminReferralsSchema>;
