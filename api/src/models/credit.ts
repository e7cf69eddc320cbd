import { BaseModel } from './base-model';

/** A client's referral link code (issue 34): made the first time they look for it. */
export class ReferralLink extends BaseModel {
  static override tableName = 'referral_links';
  static override idColumn = 'userId';

  declare userId: string;
  declare code: string;
  declare createdAt: Date;
}

/** A client who booked through another's link: one per referred client, refused or not. */
export class Referral extends BaseModel {
  static override tableName = 'referrals';

  declare id: string;
  declare referrerId: string;
  declare referredId: string;
  declare bookingId: string | null;
  declare refusedReason: string | null;
  declare referrerCreditedAt: Date | null;
  declare createdAt: Date;
}

export type CreditKind = 'referral_welcome' | 'referral_reward' | 'booking' | 'booking_released';

/** One line of a client's credit ledger: credit earned (+) or spent on a booking (−). */
export class CreditEntry extends BaseModel {
  static override tableName = 'credit_entries';

  declare id: string;
  declare clientId: string;
  declare amountCents: number;
  declare kind: CreditKind;
  declare referralId: string | null;
  declare bookingId: string | null;
  declare createdAt: Date;
}
