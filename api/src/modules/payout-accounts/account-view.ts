import {
  maskTin,
  type PayoutAccountView,
  type TaxDetailsView,
} from '@twinclean/shared/payout-accounts';
import { PayoutAccount, ProviderTaxDetails } from '../../models/payout-account';
import { accountFields, accountState, disabledReasonText, missingFor } from './account-state';
import type { PayoutAccountDeps } from './deps';

const taxView = (tax: ProviderTaxDetails): TaxDetailsView => ({
  legalName: tax.legalName,
  addressLine1: tax.addressLine1,
  addressLine2: tax.addressLine2,
  city: tax.city,
  state: tax.state,
  zip: tax.zip,
  tinKind: tax.tinKind,
  tinMasked: maskTin(tax.tinKind, tax.tinLast4),
});

/**
 * The provider's account at the configured gateway. A row left by another gateway (the site
 * moved from test mode to Stripe) is no account here: nothing can be sent to it.
 */
async function ownRow(deps: PayoutAccountDeps, providerId: string) {
  const row = await PayoutAccount.query(deps.db).findById(providerId);
  return row?.gateway === deps.gateway.name ? row : null;
}

/**
 * Stripe's word on an account not yet paid out, stored before it is shown: the provider comes
 * back from onboarding before its account.updated arrives. Stripe unreachable, the stored state
 * is shown (the webhook brings the news later).
 */
async function refreshed(deps: PayoutAccountDeps, row: PayoutAccount): Promise<PayoutAccount> {
  if (deps.gateway.name !== 'stripe' || row.payoutsEnabled) return row;
  let account: Awaited<ReturnType<typeof deps.gateway.connect.retrieveAccount>>;
  try {
    account = await deps.gateway.connect.retrieveAccount(row.accountId);
  } catch (error) {
    deps.logger.warn({ err: error, accountId: row.accountId }, 'payout account refresh failed');
    return row;
  }
  if (!account) return row;
  const fields = accountFields(account);
  await PayoutAccount.query(deps.db)
    .patch(fields)
    .where({ providerId: row.providerId, accountId: row.accountId });
  return Object.assign(row, fields);
}

/** GET /api/provider/payout-account, and the answer of a save. */
export async function payoutAccountView(
  deps: PayoutAccountDeps,
  providerId: string,
  options: { refresh: boolean } = { refresh: true },
): Promise<PayoutAccountView> {
  const stored = await ownRow(deps, providerId);
  const row = stored && options.refresh ? await refreshed(deps, stored) : stored;
  // With Stripe, Stripe holds the tax details; ours are only the test-mode form's.
  const tax =
    deps.gateway.name === 'local'
      ? await ProviderTaxDetails.query(deps.db).findById(providerId)
      : undefined;
  return {
    gateway: deps.gateway.name,
    state: accountState(row),
    missing: missingFor(row),
    disabledReason: disabledReasonText(row),
    bankLast4: row?.bankLast4 ?? null,
    taxDetails: tax ? taxView(tax) : null,
  };
}
