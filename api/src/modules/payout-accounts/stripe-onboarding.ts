import type { CurrentUser } from '@twinclean/shared/auth';
import type { OnboardingLink } from '@twinclean/shared/payout-accounts';
import { AppError } from '../../errors';
import { PayoutAccount } from '../../models/payout-account';
import { accountFields } from './account-state';
import { connectAccountKey, type PayoutAccountDeps } from './deps';

/** Where Stripe sends the provider: back to the account page, which says what happened. */
export const onboardingUrls = (siteUrl: string) => ({
  refreshUrl: `${siteUrl}/provider/payouts/account?refresh=1`,
  returnUrl: `${siteUrl}/provider/payouts/account?return=1`,
});

/**
 * POST /api/provider/payout-account/onboarding with Stripe: the provider's Express account,
 * created once (the idempotency key answers two clicks with the same account, and our row is
 * written in the same request), and a fresh single-use link to Stripe's onboarding.
 */
export async function onboardingLink(
  deps: PayoutAccountDeps,
  user: CurrentUser,
): Promise<OnboardingLink> {
  const gateway = deps.gateway;
  if (gateway.name !== 'stripe') {
    throw new AppError(
      404,
      'not_found',
      'Use the payout account form: this site takes test bank accounts only.',
    );
  }
  const row = await PayoutAccount.query(deps.db).findById(user.id);
  let accountId = row?.gateway === 'stripe' ? row.accountId : null;
  if (!accountId) {
    const account = await gateway.connect.createAccount({
      providerId: user.id,
      email: user.email,
      idempotencyKey: connectAccountKey(user.id),
    });
    // A row another gateway left is replaced: its account cannot take Stripe's transfers.
    await PayoutAccount.query(deps.db)
      .insert({
        providerId: user.id,
        gateway: 'stripe',
        accountId: account.id,
        ...accountFields(account),
        updatedAt: new Date(),
      })
      .onConflict('providerId')
      .merge();
    accountId = account.id;
  }
  const url = await gateway.connect.createAccountLink({
    accountId,
    ...onboardingUrls(deps.siteUrl),
  });
  return { url };
}
