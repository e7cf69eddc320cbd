import { localPayoutAccountFormSchema } from '@twinclean/shared/payout-accounts';
import { type Route, route } from '../../http/route';
import { payoutAccountView } from './account-view';
import { connectWebhookRoute } from './connect-webhook';
import type { PayoutAccountDeps } from './deps';
import { saveLocalAccount } from './local-account';
import { onboardingLink } from './stripe-onboarding';

export type { PayoutAccountDeps } from './deps';

// Each provider has one account, found by who asks: no id in the path, nothing of anyone else's
// to aim at.
const PROVIDER = { roles: ['provider'] } as const;

/**
 * A provider's payout account (issue 33): its state, Stripe's onboarding or the LocalGateway's
 * test-mode form, and the Connect webhook that keeps Stripe's accounts' state. Every route is
 * mounted with either gateway; the one that does not apply answers 404.
 */
export function payoutAccountRoutes(deps: PayoutAccountDeps): Route[] {
  return [
    route(
      { method: 'GET', path: '/api/provider/payout-account', access: PROVIDER },
      (_ctx, { user }) => payoutAccountView(deps, user.id),
    ),
    route(
      { method: 'POST', path: '/api/provider/payout-account/onboarding', access: PROVIDER },
      (_ctx, { user }) => onboardingLink(deps, user),
    ),
    route(
      {
        method: 'PUT',
        path: '/api/provider/payout-account',
        access: PROVIDER,
        body: localPayoutAccountFormSchema,
      },
      (_ctx, { user, body }) => saveLocalAccount(deps, user, body),
    ),
    connectWebhookRoute(deps),
  ];
}
