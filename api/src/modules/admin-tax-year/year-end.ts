import { centsToDollars } from '@twinclean/shared/money';
import {
  necThresholdCents,
  type YearEnd,
  type YearEndRow,
} from '@twinclean/shared/payout-transfers';
import type { Knex } from 'knex';
import { PayoutAccount, ProviderTaxDetails } from '../../models/payout-account';
import { PricingConfigRow } from '../../models/pricing-config-row';
import { User } from '../../models/user';
import { paidTotals } from '../earnings-statements/paid-totals.sql';

// The year-end 1099-NEC summary (issue 33, DECISIONS.md "Payouts"): per Chicago calendar year,
// what each provider was paid by transfer and by hand, those at or over the year's threshold
// marked, and where their tax details are. No TIN is ever read here: only whether one is on file.

type ProviderFacts = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  account: Pick<PayoutAccount, 'gateway' | 'detailsSubmitted'> | undefined;
  hasTaxDetails: boolean;
};

/** Names, e-mails and where the tax details are, of these providers, by name. */
async function providerFacts(db: Knex, ids: string[]): Promise<ProviderFacts[]> {
  const users = await User.query(db)
    .whereIn('id', ids)
    .select('id', 'firstName', 'lastName', 'email')
    .orderBy([
      { column: 'lastName', order: 'asc' },
      { column: 'firstName', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
  const accounts = await PayoutAccount.query(db)
    .whereIn('providerId', ids)
    .select('providerId', 'gateway', 'detailsSubmitted');
  // Whether a row exists, never its TIN.
  const onFile = await ProviderTaxDetails.query(db).whereIn('providerId', ids).select('providerId');
  const filed = new Set(onFile.map((d) => d.providerId));
  return users.map((u) => ({
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    account: accounts.find((a) => a.providerId === u.id),
    hasTaxDetails: filed.has(u.id),
  }));
}

/** Stripe holds them once its onboarding took them; else our form's; else nobody yet. */
function taxDetailsOf(p: ProviderFacts): YearEndRow['taxDetails'] {
  if (p.account?.gateway === 'stripe' && p.account.detailsSubmitted) return 'stripe';
  if (p.hasTaxDetails) return 'on_file';
  return 'missing';
}

/** GET /api/admin/year-end?year=: every provider paid in `year`, with the totals. */
export async function yearEnd(db: Knex, year: number): Promise<YearEnd> {
  const config = await PricingConfigRow.query(db).findById(1);
  const threshold = necThresholdCents(year, config?.necThresholdCents ?? 200_000);
  const totals = new Map((await paidTotals(db, { year })).map((r) => [r.providerId, r]));
  const facts = totals.size ? await providerFacts(db, [...totals.keys()]) : [];
  const sum = { byTransfer: 0, byHand: 0 };
  const providers = facts.map((p): YearEndRow => {
    const paid = totals.get(p.id);
    const byTransfer = paid?.byTransferCents ?? 0;
    const byHand = paid?.byHandCents ?? 0;
    sum.byTransfer += byTransfer;
    sum.byHand += byHand;
    return {
      provider: { id: p.id, firstName: p.firstName, lastName: p.lastName, email: p.email },
      byTransfer: centsToDollars(byTransfer),
      byHand: centsToDollars(byHand),
      total: centsToDollars(byTransfer + byHand),
      needs1099: byTransfer + byHand >= threshold,
      taxDetails: taxDetailsOf(p),
    };
  });
  return {
    year,
    threshold: centsToDollars(threshold),
    providers,
    totals: {
      byTransfer: centsToDollars(sum.byTransfer),
      byHand: centsToDollars(sum.byHand),
      total: centsToDollars(sum.byTransfer + sum.byHand),
    },
  };
}
