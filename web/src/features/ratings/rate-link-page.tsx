import { useQuery } from '@tanstack/react-query';
import { hasCode } from '@twinclean/shared/http';
import { formatDate } from '@twinclean/shared/schedule';
import { usePageMeta } from '../../components/page-meta';
import { LoadFailed, Loading } from '../../components/query-states';
import { ratingLinkQueryOptions, useRateByLink } from './api';
import { GivenRatingView } from './given-rating';
import { RatingForm } from './rating-form';

/** /rate/{token}: the completion e-mail's link, for anyone holding it (guests included). */
export function RateLinkPage({ token }: { token: string }) {
  usePageMeta('Rate your visit | TwinClean', 'Tell us how your TwinClean visit went.');
  const query = useQuery(ratingLinkQueryOptions(token));
  const rate = useRateByLink(token);
  if (query.isPending) return <Loading label="Loading your visit…" />;
  if (query.isError) {
    const invalid = hasCode(query.error, 'not_found') || hasCode(query.error, 'validation_error');
    return invalid ? (
      <div role="alert" className="rounded-lg border bg-white p-6">
        <h1 className="text-2xl font-bold">This rating link is not valid</h1>
        <p className="mt-2 text-slate-600">
          Please use the link in your visit-complete e-mail, or sign in to rate from your booking.
        </p>
      </div>
    ) : (
      <LoadFailed
        message="We couldn't load your visit."
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const visit = query.data;
  return (
    <div className="rounded-lg border bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold tracking-tight">How did we do?</h1>
      <p className="mt-2 text-slate-700">
        Hi {visit.clientFirstName}, your {visit.serviceTitle.toLowerCase()} on{' '}
        {formatDate(visit.scheduledDate)}
        {visit.providerFirstName ? ` with ${visit.providerFirstName}` : ''} is complete.
      </p>
      <div className="mt-5">
        {visit.rating ? (
          <GivenRatingView rating={visit.rating} />
        ) : visit.canRate ? (
          <RatingForm pending={rate.isPending} submit={(input) => rate.mutateAsync(input)} />
        ) : (
          <p className="text-slate-700">{visit.reason}</p>
        )}
      </div>
    </div>
  );
}
