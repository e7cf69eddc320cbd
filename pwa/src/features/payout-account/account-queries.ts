import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson, sendJson } from '@twinclean/shared/http';
import {
  type LocalPayoutAccountForm,
  onboardingLinkSchema,
  payoutAccountSavedSchema,
  payoutAccountViewSchema,
} from '@twinclean/shared/payout-accounts';
import { getParsed } from '../../lib/api-reads';
import { providerKeys } from '../../lib/query-keys';

/** The account's state as the gateway last told it (with Stripe, refreshed by the API). */
export const payoutAccountQuery = queryOptions({
  queryKey: providerKeys.payoutAccount,
  queryFn: () => getParsed('/api/provider/payout-account', payoutAccountViewSchema),
});

/**
 * Saves the test-mode form. The answer is the account as it now stands; the statements'
 * "Next transfer" depends on it being enabled, so they are read again.
 */
export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    // Tried at once even when the browser thinks it is offline: the failure says why.
    networkMode: 'always',
    mutationFn: async (form: LocalPayoutAccountForm) =>
      payoutAccountSavedSchema.parse(await sendJson('PUT', '/api/provider/payout-account', form)),
    onSuccess: (saved) => {
      queryClient.setQueryData(providerKeys.payoutAccount, saved.account);
      return queryClient.invalidateQueries({ queryKey: providerKeys.statements });
    },
  });
}

/** Asks for a Stripe onboarding link and leaves for it: Stripe sends the provider back. */
export function useStripeOnboarding() {
  return useMutation({
    networkMode: 'always',
    mutationFn: async () =>
      onboardingLinkSchema.parse(await postJson('/api/provider/payout-account/onboarding')),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
