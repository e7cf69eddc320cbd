import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { PayoutAccountView } from '@twinclean/shared/payout-accounts';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { providerKeys } from '../../lib/query-keys';
import { AccountAction } from './account-action';
import { AccountForm } from './account-form';
import { payoutAccountQuery } from './account-queries';
import { AccountSummary } from './account-summary';
import { STRIPE_REFRESH_MESSAGE, STRIPE_RETURN_MESSAGE } from './account-text';
import { TestBankAccounts } from './test-bank-accounts';

const route = getRouteApi('/payouts_/account');

/**
 * /payouts/account: the payout account's state and how to finish it. Stripe sends the provider
 * back here (?return=1 when done, ?refresh=1 when its link expired); the LocalGateway's form is
 * here too.
 */
export function PayoutAccountPage() {
  const search = route.useSearch();
  const queryClient = useQueryClient();
  const account = useQuery(payoutAccountQuery);
  // Back from Stripe: what it now knows is asked again (the API refreshes it from Stripe).
  useEffect(() => {
    if (search.return) void queryClient.invalidateQueries({ queryKey: providerKeys.payoutAccount });
  }, [search.return, queryClient]);
  return (
    <section className="grid gap-4">
      <Link to="/payouts" className="flex items-center gap-1 text-sm font-medium text-brand-700">
        <ArrowLeft className="size-4" aria-hidden />
        Back to My Earnings
      </Link>
      <PageTitle title="Payout account" subtitle="Where your weekly pay goes." />
      <QueryView query={account} loading="Loading your payout account…">
        {(data) => (
          <AccountScreen account={data} returned={search.return} refresh={search.refresh} />
        )}
      </QueryView>
    </section>
  );
}

type ScreenProps = { account: PayoutAccountView; returned?: boolean; refresh?: boolean };

function AccountScreen({ account, returned, refresh }: ScreenProps) {
  return (
    <div className="grid gap-4">
      {returned && account.gateway === 'stripe' && account.state !== 'enabled' && (
        <p role="status" className="rounded-md bg-blue-50 p-3 text-sm text-blue-900">
          {STRIPE_RETURN_MESSAGE}
        </p>
      )}
      {refresh && account.gateway === 'stripe' && (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {STRIPE_REFRESH_MESSAGE}
        </p>
      )}
      <div className="rounded-lg border bg-white p-4">
        <AccountSummary account={account} />
      </div>
      {account.gateway === 'stripe' ? (
        <>
          <p className="text-sm text-slate-600">
            Stripe, our payment partner, collects your bank account and tax details (legal name,
            address, SSN or EIN) and sends your pay every week.
          </p>
          <AccountAction account={account} />
        </>
      ) : (
        <>
          <TestBankAccounts />
          <AccountForm account={account} />
        </>
      )}
    </div>
  );
}
