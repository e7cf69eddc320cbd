import { createFileRoute } from '@tanstack/react-router';
import { payoutAccountLoader } from '../features/payout-account/payout-account-loader';
import { PayoutAccountPage } from '../features/payout-account/payout-account-page';

// Stripe sends the provider back with ?return=1 (done) or ?refresh=1 (its link expired). The
// router reads "1" as the number 1: any of 1, "1" or true counts.
const flag = (value: unknown) => value === 1 || value === '1' || value === true;

type AccountSearch = { return?: true; refresh?: true };

// Not nested under /payouts (the trailing _): My Earnings has no outlet, this is its own screen.
export const Route = createFileRoute('/payouts_/account')({
  validateSearch: (search: Record<string, unknown>): AccountSearch => ({
    ...(flag(search.return) && { return: true }),
    ...(flag(search.refresh) && { refresh: true }),
  }),
  loader: payoutAccountLoader,
  component: PayoutAccountPage,
});
