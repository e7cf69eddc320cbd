import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { serverMessage } from '@twinclean/shared/http';
import type { AdminRating } from '@twinclean/shared/ratings';
import { formatInstant } from '@twinclean/shared/schedule';
import { Badge } from '@twinclean/shared/ui/badge';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { DetailCard } from '../../components/detail-card';
import { Pager } from '../../components/pager';
import { LoadFailed, Loading } from '../../components/query-states';
import { Stars } from '../../components/stars';
import { providerRatingsQueryOptions, useCommentVisibility } from './api';

function RatingItem({ rating, providerId }: { rating: AdminRating; providerId: string }) {
  const visibility = useCommentVisibility(providerId);
  const hidden = rating.commentHiddenAt !== null;
  const toggle = () =>
    visibility.mutate(
      { id: rating.id, hide: !hidden },
      {
        onSuccess: () => toast({ title: hidden ? 'Comment shown' : 'Comment hidden' }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: serverMessage(error, 'Failed to change the comment'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <li className="grid gap-1 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Stars stars={rating.stars} className="size-4" />
        <Link
          to="/admin/bookings/$id"
          params={{ id: rating.bookingId }}
          className="text-sm text-brand-800 hover:underline"
        >
          {rating.clientName}, {formatInstant(rating.createdAt)}
        </Link>
      </div>
      {rating.comment ? (
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p
            className={`min-w-0 flex-1 whitespace-pre-line break-words text-sm ${hidden ? 'italic text-slate-500' : 'text-slate-800'}`}
          >
            {hidden && (
              <Badge className="mr-2" tone="neutral">
                Hidden
              </Badge>
            )}
            {rating.comment}
          </p>
          <Button
            variant="secondary"
            className="h-8 px-3 text-xs"
            disabled={visibility.isPending}
            onClick={toggle}
          >
            {hidden ? 'Show comment' : 'Hide comment'}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-500">No comment.</p>
      )}
      {hidden && rating.commentHiddenBy && (
        <p className="text-xs text-slate-500">
          Hidden by {rating.commentHiddenBy}; the provider does not see it. The stars still count.
        </p>
      )}
    </li>
  );
}

/** /admin/providers/{id}: the provider's ratings, newest first; admins hide abusive comments. */
export function ProviderRatingsCard({ providerId }: { providerId: string }) {
  const [page, setPage] = useState(1);
  const query = useQuery(providerRatingsQueryOptions(providerId, page));
  const data = query.data;
  return (
    <DetailCard
      title="Ratings"
      aside={
        data && data.rating !== null ? (
          <span className="text-sm text-slate-700">
            {data.rating.toFixed(1)} average of the last 50 · {data.ratedJobs} in all
          </span>
        ) : undefined
      }
    >
      {query.isPending ? (
        <Loading label="Loading ratings…" />
      ) : query.isError || !data ? (
        <LoadFailed
          message="We couldn't load the ratings."
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : data.items.length === 0 ? (
        <p className="text-sm text-slate-600">No ratings yet (N/A).</p>
      ) : (
        <>
          <ul className="divide-y">
            {data.items.map((rating) => (
              <RatingItem key={rating.id} rating={rating} providerId={providerId} />
            ))}
          </ul>
          <Pager page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
        </>
      )}
    </DetailCard>
  );
}
