import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuctionListQuery } from '@twinclean/shared/auction';
import { Button } from '@twinclean/shared/ui/button';
import { useState } from 'react';
import { ListFrame } from '../../components/admin-list/list-frame';
import { auctionQueryOptions } from './api';
import { useServerNow } from './countdown';
import { PostCard } from './post-card';
import { PostDialog } from './post-dialog';

/**
 * /admin/auction-board (DECISIONS.md "Admin operations"): the posted jobs, newest first, each
 * with its phase, the VIP window's countdown, its bonus and outcome; "Post a job" adds one.
 */
export function AuctionPage(props: {
  query: AuctionListQuery & { post?: string | undefined };
  onQuery: (next: AuctionListQuery & { post?: string | undefined }) => void;
}) {
  const { query, onQuery } = props;
  const posts = useQuery({
    ...auctionQueryOptions({ page: query.page }),
    placeholderData: keepPreviousData,
  });
  const now = useServerNow(posts.data?.now, posts.dataUpdatedAt);
  const [posting, setPosting] = useState(query.post !== undefined);
  const onPosting = (open: boolean) => {
    setPosting(open);
    if (!open && query.post) onQuery({ ...query, post: undefined });
  };
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Auction Board</h1>
          <p className="mt-1 text-sm text-slate-600">
            Urgent jobs with a bonus: VIP providers see each one alone during the VIP access period,
            then every provider whose availability fits. The first to accept claims it.
          </p>
        </div>
        <Button onClick={() => setPosting(true)}>Post a job</Button>
      </div>
      <ListFrame
        query={posts}
        loading="Loading posted jobs..."
        failed="The auction board could not be loaded."
        empty="No job has been posted yet. Post an unassigned job with a bonus to fill it fast."
        onPage={(page) => onQuery({ ...query, page })}
      >
        {(items) => (
          <ul className="grid gap-3" aria-label="Posted jobs">
            {items.map((post) => (
              <PostCard key={post.id} post={post} now={now} />
            ))}
          </ul>
        )}
      </ListFrame>
      <PostDialog open={posting} onOpenChange={onPosting} bookingId={query.post} />
    </div>
  );
}
