import { Link } from '@tanstack/react-router';
import {
  AUCTION_PHASE_LABELS,
  type AuctionPhase,
  type AuctionPost,
  isLive,
} from '@twinclean/shared/auction';
import { serverMessage } from '@twinclean/shared/http';
import { formatDate, formatInstant, formatSlot } from '@twinclean/shared/schedule';
import { Badge, type BadgeTone } from '@twinclean/shared/ui/badge';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { useWithdrawPost } from './api';
import { timeLeft } from './countdown';

const TONES: Record<AuctionPhase, BadgeTone> = {
  vip_window: 'brand',
  open: 'warning',
  claimed: 'success',
  expired: 'neutral',
  withdrawn: 'neutral',
};

/** The phase, as the list shows it at `now` (the server's clock, ticking). */
function phaseAt(post: AuctionPost, now: number): AuctionPhase {
  if (post.phase === 'vip_window' && now >= new Date(post.vipUntil).getTime()) return 'open';
  if (isLive(post.phase) && now >= new Date(post.startsAt).getTime()) return 'expired';
  return post.phase;
}

function Outcome({ post, phase, now }: { post: AuctionPost; phase: AuctionPhase; now: number }) {
  switch (phase) {
    case 'vip_window':
      return <>VIP window ends in {timeLeft(new Date(post.vipUntil).getTime() - now)}</>;
    case 'open':
      return (
        <>Open to every provider; expires in {timeLeft(new Date(post.startsAt).getTime() - now)}</>
      );
    case 'claimed':
      return post.claim ? (
        <>
          Claimed by {post.claim.provider.name} on {formatInstant(post.claim.at)}
        </>
      ) : (
        <>Claimed</>
      );
    case 'withdrawn':
      return (
        <>
          Withdrawn{post.withdrawn?.by ? ` by ${post.withdrawn.by.name}` : ''}
          {post.withdrawn ? ` on ${formatInstant(post.withdrawn.at)}` : ''}
        </>
      );
    default:
      return <>Nobody claimed it before the job's start</>;
  }
}

/** One posted job: its phase, bonus, what happened to it, and Withdraw while it is live. */
export function PostCard({ post, now }: { post: AuctionPost; now: number }) {
  const phase = phaseAt(post, now);
  const withdraw = useWithdrawPost();
  const [confirming, setConfirming] = useState(false);
  const onWithdraw = () =>
    withdraw.mutate(post.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({
          title: 'Post withdrawn',
          description: 'The job stays on the job board, without the bonus.',
        });
      },
      onError: (error) => {
        setConfirming(false);
        toast({
          title: 'Error',
          description: serverMessage(error, 'The post could not be withdrawn'),
          variant: 'destructive',
        });
      },
    });
  const when = `${formatDate(post.job.scheduledDate)} at ${formatSlot(post.job.scheduledTime)}`;
  return (
    <li className="rounded-lg border bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold">
            <Link
              to="/admin/bookings/$id"
              params={{ id: post.bookingId }}
              className="text-brand-800 underline-offset-2 hover:underline"
            >
              {post.job.title}
            </Link>
          </h2>
          <p className="text-sm text-slate-700">
            {when} · {post.job.city}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <span className="font-semibold text-green-800">+${post.bonus} bonus</span>
          <Badge tone={TONES[phase]}>{AUCTION_PHASE_LABELS[phase]}</Badge>
        </div>
      </div>
      <p
        className="mt-2 text-sm text-slate-700"
        aria-live={phase === 'vip_window' ? 'off' : 'polite'}
      >
        <Outcome post={post} phase={phase} now={now} />
      </p>
      <p className="mt-1 text-xs text-slate-500">
        Posted {formatInstant(post.postedAt)}
        {post.postedBy ? ` by ${post.postedBy.name}` : ''}
        {post.job.providerName && phase !== 'claimed' ? ` · Now with ${post.job.providerName}` : ''}
      </p>
      {isLive(phase) && (
        <Button
          variant="secondary"
          className="mt-3 h-9 px-3 text-sm"
          onClick={() => setConfirming(true)}
        >
          Withdraw
        </Button>
      )}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        role="alertdialog"
        title="Withdraw this post?"
        description={`The ${when} job leaves the auction board: no bonus, and it shows to providers like any open job.`}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep Posted
          </Button>
          <Button disabled={withdraw.isPending} onClick={onWithdraw}>
            {withdraw.isPending ? 'Withdrawing...' : 'Withdraw Post'}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}
