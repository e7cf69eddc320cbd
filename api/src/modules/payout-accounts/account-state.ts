import type { PayoutAccountState } from '@twinclean/shared/payout-accounts';
import type { ConnectAccount } from '../../adapters/payments/gateway';

// A payout account as the provider reads it (issue 33): the gateway's requirement codes and
// disabled reasons are Stripe's vocabulary; the provider app shows a state and plain words.

/** What our payout_accounts row keeps of the gateway's answer. */
export type AccountFields = {
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  requirementsDue: string[];
  disabledReason: string | null;
  bankLast4: string | null;
};

export const accountFields = (account: ConnectAccount): AccountFields => ({
  detailsSubmitted: account.detailsSubmitted,
  payoutsEnabled: account.payoutsEnabled,
  requirementsDue: account.requirementsDue,
  disabledReason: account.disabledReason,
  bankLast4: account.bankLast4,
});

export const MORE_DETAILS = 'More details Stripe asks for';

// In the order the provider meets them on Stripe's pages; the catch-all comes last.
const REQUIREMENT_WORDS: [matches: (code: string) => boolean, words: string][] = [
  [(code) => code === 'external_account', 'Your bank account'],
  [
    (code) => code === 'individual.ssn_last_4' || code === 'individual.id_number',
    'Your Social Security number',
  ],
  [(code) => code.startsWith('individual.dob.'), 'Your date of birth'],
  [(code) => code.startsWith('individual.address.'), 'Your home address'],
  [(code) => code.startsWith('individual.verification.document'), 'A photo of your ID'],
  [(code) => code.startsWith('tos_acceptance.'), "Accepting Stripe's terms"],
];

/** The requirement codes in words, each once ("individual.dob.day" and ".month" are one). */
export function missingOf(codes: readonly string[]): string[] {
  const found = new Set<string>();
  for (const code of codes) {
    const words = REQUIREMENT_WORDS.find(([matches]) => matches(code))?.[1] ?? MORE_DETAILS;
    found.add(words);
  }
  const order = [...REQUIREMENT_WORDS.map(([, words]) => words), MORE_DETAILS];
  return order.filter((words) => found.has(words));
}

/**
 * Stripe's disabled reasons that mean it will not pay the account out whatever the provider
 * gives: rejected.*, listed, platform_paused, other. The rest (requirements.past_due,
 * requirements.pending_verification, under_review, action_required.*) wait on details or on
 * Stripe's check, which the state says instead.
 */
const isRefusal = (reason: string) =>
  reason.startsWith('rejected.') || ['listed', 'platform_paused', 'other'].includes(reason);

export function accountState(row: AccountFields | null): PayoutAccountState {
  if (!row) return 'none';
  if (row.payoutsEnabled) return 'enabled';
  if (row.disabledReason && isRefusal(row.disabledReason)) return 'disabled';
  if (row.requirementsDue.length > 0 || !row.detailsSubmitted) return 'incomplete';
  return 'review';
}

const REFUSAL_WORDS: Record<string, string> = {
  'rejected.fraud': 'Stripe rejected the account on suspicion of fraud',
  'rejected.platform_fraud': 'Stripe rejected the account on suspicion of fraud',
  'rejected.terms_of_service': 'Stripe rejected the account under its terms of service',
  'rejected.platform_terms_of_service': 'Stripe rejected the account under its terms of service',
  'rejected.listed': 'Stripe rejected the account: it matched a prohibited persons list',
  listed: 'Stripe paused the account: it may match a prohibited persons list',
  'rejected.incomplete_verification': 'Stripe could not verify your identity',
  platform_paused: 'TwinClean paused payouts to this account',
};

/** Why a disabled account is, in words; null for any other state. */
export function disabledReasonText(row: AccountFields | null): string | null {
  if (!row?.disabledReason || accountState(row) !== 'disabled') return null;
  const reason = row.disabledReason;
  if (REFUSAL_WORDS[reason]) return REFUSAL_WORDS[reason];
  return reason.startsWith('rejected.')
    ? 'Stripe rejected the account'
    : 'Stripe stopped payouts to this account';
}

/**
 * What the provider still has to give. An unfinished onboarding Stripe lists nothing for still
 * needs them back on Stripe's pages, so it is never an empty list.
 */
export function missingFor(row: AccountFields | null): string[] {
  if (!row) return [];
  const missing = missingOf(row.requirementsDue);
  if (missing.length === 0 && accountState(row) === 'incomplete') return [MORE_DETAILS];
  return missing;
}
