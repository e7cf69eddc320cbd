import { useQuery } from '@tanstack/react-query';
import type { ProviderPayout } from '@twinclean/shared/provider-jobs';
import { chicagoDate, formatDate } from '@twinclean/shared/schedule';
import { EmptyState } from '../../components/empty-state';
import { dollars } from '../../components/job-facts';
import { PageTitle } from '../../components/page-title';
import { QueryView } from '../../components/query-view';
import { StatTile } from '../../components/stat-tile';
import { AccountCard } from '../payout-account/account-card';
import { PayoutTiles, WeeklyStatements } from '../statements/weekly-statements';
import { payoutsQuery, statsQuery } from './payout-queries';

const day = (instant: string) => formatDate(chicagoDate(new Date(instant)));

/**
 * My Earnings: this week's, month's and year's totals, the next weekly transfer, the payout
 * account, the weekly statements, then every payout, newest first.
 */
export function PayoutsPage() {
  const payouts = useQuery(payoutsQuery);
  const stats = useQuery(statsQuery);
  return (
    <section>
      <PageTitle title="My Earnings" />
      <div className="mb-4 grid grid-cols-2 gap-3">
        {stats.data && (
          <>
            <StatTile label="This week" value={dollars(stats.data.weeklyEarnings)} />
            <StatTile label="Last 30 days" value={dollars(stats.data.monthlyEarnings)} />
          </>
        )}
        <PayoutTiles />
      </div>
      <div className="mb-6 grid gap-6">
        <AccountCard />
        <WeeklyStatements />
      </div>
      <h2 className="mb-2 text-lg font-semibold">Job payouts</h2>
      <QueryView query={payouts} loading="Loading your payouts…">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No payouts yet">
              Your pay appears here when you clock out of a job.
            </EmptyState>
          ) : (
            <ul className="grid gap-3">
              {list.map((payout) => (
                <PayoutRow key={payout.id} payout={payout} />
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}

function PayoutRow({ payout }: { payout: ProviderPayout }) {
  const paid = payout.status === 'paid';
  return (
    <li className="rounded-lg border p-4">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-lg font-semibold">{dollars(payout.totalAmount)}</p>
          <p className="text-sm text-slate-600">
            {payout.booking.address}, {payout.booking.city}, {payout.booking.state}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            paid ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'
          }`}
        >
          {paid ? 'Paid' : 'Pending'}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Hours worked</dt>
        <dd>{payout.hoursWorked.toFixed(2)}</dd>
        {payout.share === null ? (
          <>
            <dt className="text-slate-600">Hourly rate</dt>
            <dd>{dollars(payout.hourlyRate)}/hour</dd>
          </>
        ) : (
          <>
            <dt className="text-slate-600">Your share</dt>
            <dd>
              {payout.share.percent}% of {dollars(payout.share.of)}
            </dd>
          </>
        )}
        <dt className="text-slate-600">Base pay</dt>
        <dd>{dollars(payout.baseAmount)}</dd>
        <dt className="text-slate-600">Wait pay</dt>
        <dd>{dollars(payout.waitPay)}</dd>
        {payout.bonus && payout.bonus !== '0.00' && (
          <>
            <dt className="text-slate-600">Urgent job bonus</dt>
            <dd>{dollars(payout.bonus)}</dd>
          </>
        )}
        {payout.tip && payout.tip !== '0.00' && (
          <>
            <dt className="text-slate-600">Tip from the client</dt>
            <dd>{dollars(payout.tip)} (all yours)</dd>
          </>
        )}
        <dt className="text-slate-600">Earned</dt>
        <dd>{day(payout.createdAt)}</dd>
        {payout.paidAt && (
          <>
            <dt className="text-slate-600">Paid</dt>
            <dd>{day(payout.paidAt)}</dd>
          </>
        )}
      </dl>
    </li>
  );
}
