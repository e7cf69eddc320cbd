import { useQuery } from '@tanstack/react-query';
import { serverMessage } from '@twinclean/shared/http';
import { formatWireDollars } from '@twinclean/shared/money';
import type { AdminReferrals } from '@twinclean/shared/referrals';
import { ClearFilters, FilterSelect } from '../../components/admin-list/filter-select';
import { EmptyList } from '../../components/admin-list/list-frame';
import { Total, Totals } from '../../components/admin-list/totals';
import { LoadFailed, Loading } from '../../components/query-states';
import { referralsQueryOptions } from './api';
import { REFERRAL_STATUS, type ReferralStatus, STATUS_CHOICES } from './format';
import { ReferralsTable } from './referrals-table';

export type ReferralsQuery = { status?: ReferralStatus | undefined };

/**
 * /admin/referrals (issue 34): who referred whom, whether the credit was given or which
 * anti-farming rule refused it, and the credit given and still unspent.
 */
export function ReferralsPage(props: {
  query: ReferralsQuery;
  onQuery: (next: ReferralsQuery) => void;
}) {
  const answer = useQuery(referralsQueryOptions());
  const { status } = props.query;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-5">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Referrals</h1>
        <p className="mt-1 text-slate-600">
          A new client who books through a client’s link gets credit off their first visit; the
          referrer gets credit once that visit is completed. Credit is never paid out in cash.
        </p>
      </div>
      {answer.data ? (
        <>
          <ReferralTotals totals={answer.data.totals} />
          <search aria-label="Filter the referrals" className="flex flex-wrap items-end gap-4">
            <FilterSelect<ReferralStatus>
              label="Status"
              all="All statuses"
              options={STATUS_CHOICES}
              value={status}
              onChange={(next) => props.onQuery({ status: next })}
            />
            <ClearFilters shown={Boolean(status)} onClear={() => props.onQuery({})} />
          </search>
          <Referrals referrals={answer.data.referrals} status={status} />
        </>
      ) : answer.isError ? (
        <LoadFailed
          message={serverMessage(answer.error, 'The referrals could not be loaded.')}
          retrying={answer.isFetching}
          onRetry={() => void answer.refetch()}
        />
      ) : (
        <Loading label="Loading referrals..." />
      )}
    </div>
  );
}

function Referrals(props: {
  referrals: AdminReferrals['referrals'];
  status: ReferralStatus | undefined;
}) {
  const shown = props.status
    ? props.referrals.filter((r) => r.status === props.status)
    : props.referrals;
  if (shown.length > 0) return <ReferralsTable referrals={shown} />;
  return (
    <EmptyList>
      {props.status
        ? `No referrals with the status “${REFERRAL_STATUS[props.status].label}”`
        : 'No referrals yet'}
    </EmptyList>
  );
}

function ReferralTotals({ totals }: { totals: AdminReferrals['totals'] }) {
  return (
    <Totals label="Referral totals">
      <Total label="Referrals" value={String(totals.referrals)} note="Every link used" />
      <Total label="Credited" value={String(totals.credited)} note="Referrer credited" />
      <Total label="Refused" value={String(totals.refused)} note="By an anti-farming rule" />
      <Total
        label="Credit given"
        value={formatWireDollars(totals.creditGiven)}
        note="To both sides"
      />
      <Total
        label="Credit outstanding"
        value={formatWireDollars(totals.creditOutstanding)}
        note="Given, not yet spent"
      />
    </Totals>
  );
}
