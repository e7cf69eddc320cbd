import {
  type LocalPayoutAccountForm,
  TEST_BANK_ACCOUNTS,
  TEST_ROUTING_NUMBER,
} from '@twinclean/shared/payout-accounts';
import type { Call } from './route-samples';
import type { World } from './route-world';

/** The test-mode payout account form, filled in as a provider would. */
export const payoutAccountForm = (
  fields: Partial<LocalPayoutAccountForm> = {},
): LocalPayoutAccountForm => ({
  legalName: 'Pia Tester',
  addressLine1: '100 Hennepin Ave',
  addressLine2: 'Apt 4',
  city: 'Minneapolis',
  state: 'MN',
  zip: '55401',
  tinKind: 'ssn',
  tin: '123-45-6789',
  routingNumber: TEST_ROUTING_NUMBER,
  accountNumber: TEST_BANK_ACCOUNTS.succeeds,
  ...fields,
});

/**
 * Sample calls of the payout account routes (issue 33). The tests run on the LocalGateway, where
 * onboarding and the Connect webhook answer 404 (payout-accounts/*.test.ts call them on Stripe).
 */
export const PAYOUT_ACCOUNT_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'GET /api/provider/payout-account': () => ({}),
  'PUT /api/provider/payout-account': () => ({ body: payoutAccountForm() }),
  'POST /api/provider/payout-account/onboarding': () => ({}),
  'POST /api/payments/connect-webhook': () => ({
    headers: { 'Stripe-Signature': 't=1700000000,v1=0000' },
  }),
};
