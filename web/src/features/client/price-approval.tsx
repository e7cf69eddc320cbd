import type { UseMutationResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { PriceApprovalInput, PriceProposal } from '@twinclean/shared/final-price';
import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import { AnnouncedStatus } from '../../components/announced-status';
import { DetailCard } from '../../components/detail-card';
import { money } from '../../lib/format';

// DECISIONS.md "Final price consent": a carpet or rug price far from the estimate waits for the
// client. The booking page and the pay link ask the same way, so a client who opens both sees
// one panel and one button.

/** Once approved, the panel says so where the button was. */
function Approved({ amount }: { amount: string }) {
  return (
    <AnnouncedStatus className="flex gap-3 p-5">
      <CheckCircle2 className="size-6 shrink-0 text-green-700" aria-hidden />
      <div>
        <h2 className="text-lg font-semibold">New price approved</h2>
        <p className="mt-1 text-sm text-slate-700">
          {money(amount)} is now the price of your booking.
        </p>
      </div>
    </AnnouncedStatus>
  );
}

/**
 * "New price to approve": the new price beside the estimate booked at, and "Approve new price",
 * which sends the amount shown (the server refuses it if the proposal changed since, and the
 * booking is read again). Nothing at all when no price waits and none was approved here.
 */
export function PriceApprovalCard<Answer>(props: {
  proposal: PriceProposal | null;
  approval: UseMutationResult<Answer, Error, PriceApprovalInput>;
  /** The toast's title: the server's message where its answer has one. */
  messageOf: (answer: Answer) => string;
}) {
  const { proposal, approval, messageOf } = props;
  const [approved, setApproved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const summaryId = useId();
  if (!proposal) return approved ? <Approved amount={approved} /> : null;

  const approve = () => {
    setFailure(null);
    const totalAmount = proposal.amount;
    approval.mutate(
      { totalAmount },
      {
        onSuccess: (answer) => {
          setApproved(totalAmount);
          toast({
            title: messageOf(answer),
            description: `${money(totalAmount)} is now the price of your booking.`,
          });
        },
        onError: (error) => {
          const message = serverMessage(error, 'Failed to approve the new price');
          toast({ title: 'Not Approved', description: message, variant: 'destructive' });
          setFailure(message);
        },
      },
    );
  };

  return (
    <DetailCard title="New price to approve" tone="attention">
      <dl className="grid max-w-md gap-1 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="font-semibold">New price</dt>
          <dd className="text-lg font-bold tabular-nums">{money(proposal.amount)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-700">Estimate you booked at</dt>
          <dd className="font-medium tabular-nums">{money(proposal.estimate)}</dd>
        </div>
      </dl>
      <p id={summaryId} className="mt-3 max-w-prose text-sm text-slate-800">
        After seeing the work, we set the price at {money(proposal.amount)}, more than a little
        different from your {money(proposal.estimate)} estimate. Nothing more is charged until you
        approve it; until then your estimate stands.
      </p>
      {failure && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          onClick={approve}
          disabled={approval.isPending}
          aria-describedby={summaryId}
          className="w-full sm:w-auto"
        >
          {approval.isPending ? 'Approving...' : 'Approve new price'}
        </Button>
        <Link
          to="/help"
          className="text-center text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          Questions about the price? Ask us first
        </Link>
      </div>
    </DetailCard>
  );
}
