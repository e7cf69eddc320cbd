import { useQuery } from '@tanstack/react-query';
import { QueryView } from '../../components/query-view';
import { AccountAction } from './account-action';
import { payoutAccountQuery } from './account-queries';
import { AccountSummary } from './account-summary';

/** My Earnings' "Payout account" card: where the weekly transfers go, and what is missing. */
export function AccountCard() {
  const account = useQuery(payoutAccountQuery);
  return (
    <section aria-labelledby="payout-account-title" className="rounded-lg border bg-white p-4">
      <h2 id="payout-account-title" className="mb-2 text-lg font-semibold">
        Payout account
      </h2>
      <QueryView query={account} loading="Loading your payout account…">
        {(data) => (
          <div className="grid gap-3">
            <AccountSummary account={data} />
            <AccountAction account={data} />
          </div>
        )}
      </QueryView>
    </section>
  );
}
