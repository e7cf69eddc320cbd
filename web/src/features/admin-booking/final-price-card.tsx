import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminBooking,
  type AdminConfirmPriceInput,
  adminConfirmPriceSchema,
} from '@twinclean/shared/admin-booking';
import { serverMessage } from '@twinclean/shared/http';
import { hasPriceToConfirm } from '@twinclean/shared/provider-jobs';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Failure, Unavailable } from '../../components/action-notes';
import { DetailCard } from '../../components/detail-card';
import { Field } from '../../components/ui/field';
import { money } from '../../lib/format';
import { showServerIssues } from '../../lib/server-issues';
import { useConfirmPrice } from './api';
import { ApprovePriceDialog } from './approve-price-dialog';
import '@twinclean/shared/zod-english';

type Price = AdminBooking['price'];

/** What holds the price up, said first: the client's approval, or nobody confirmed it. */
function PriceState({ booking, estimate }: { booking: AdminBooking; estimate: string }) {
  const { priceProposal: proposal, priceToConfirm } = booking.price;
  if (proposal) {
    return (
      <>
        <p className="font-semibold text-amber-950">
          Waiting for the client to approve {money(proposal.amount)} (estimate{' '}
          {money(proposal.estimate)})
        </p>
        <p className="mt-1 text-sm text-slate-700">
          It is outside {money(proposal.withoutApproval.min)}–{money(proposal.withoutApproval.max)},
          the prices that take effect without asking, so the client was e-mailed a link to approve
          it. Until then the estimate stands and nothing more is charged
          {booking.clockOutAt ? '; the visit is done and its payout waits for it.' : '.'}
        </p>
      </>
    );
  }
  if (priceToConfirm && booking.clockOutAt) {
    return (
      <p className="font-semibold text-amber-950">
        The visit is done but its final price was never confirmed; the payout waits for it. The
        client booked at an estimate of {money(estimate)}.
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-700">
      The client booked at an estimate of {money(estimate)}. Confirm the price once the work has
      been seen; the deposit is requested from the client then.
    </p>
  );
}

/** The server's message says which happened; the description says what now stands. */
const outcomeOf = (price: Price) =>
  price.priceProposal
    ? `Waiting for the client to approve ${money(price.priceProposal.amount)}.`
    : `The final price is ${money(price.totalAmount)}.`;

/**
 * Confirm final price (DECISIONS.md "Special services", "Final price consent"): a carpet or rug
 * job's price, by an admin after assignment, or after the visit when nobody confirmed it. Near the
 * estimate it takes effect and the deposit request follows; further away it waits for the
 * client, and the owner may approve it for them. Shown only while the price is an estimate.
 */
export function FinalPriceCard({ booking, isOwner }: { booking: AdminBooking; isOwner: boolean }) {
  const confirm = useConfirmPrice(booking.id);
  const [failure, setFailure] = useState<string | null>(null);
  const estimate = booking.price.estimatedAmount ?? booking.price.totalAmount;
  const form = useForm<AdminConfirmPriceInput>({
    resolver: zodResolver(adminConfirmPriceSchema),
    defaultValues: { totalAmount: estimate },
  });
  if (!hasPriceToConfirm(booking.serviceType) || booking.price.priceIsFinal) return null;
  const terms = booking.actions.confirmPrice;
  const proposal = booking.price.priceProposal;

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    confirm.mutate(values, {
      onSuccess: (answer) =>
        toast({ title: answer.message, description: outcomeOf(answer.booking.price) }),
      onError: (error) => {
        const message = serverMessage(error, 'Failed to confirm the final price');
        toast({ title: 'Error', description: message, variant: 'destructive' });
        showServerIssues(error, form);
        setFailure(message);
      },
    });
  });

  return (
    <DetailCard
      title={booking.price.priceToConfirm ? 'Price to confirm' : 'Confirm final price'}
      tone="attention"
    >
      <PriceState booking={booking} estimate={estimate} />
      {proposal &&
        (isOwner ? (
          <ApprovePriceDialog bookingId={booking.id} proposal={proposal} />
        ) : (
          <div className="mt-3">
            <Unavailable reason="Only the owner may approve it on the client’s behalf." />
          </div>
        ))}
      {terms.allowed ? (
        <form
          onSubmit={submit}
          noValidate
          aria-label="Confirm final price"
          className="mt-4 grid max-w-md gap-3"
        >
          <Field
            label="Final price ($)"
            hint={
              proposal
                ? 'Another price replaces the one waiting, and goes by the same rule.'
                : 'The total the client pays, green cleaning included.'
            }
            inputMode="decimal"
            autoComplete="off"
            error={form.formState.errors.totalAmount?.message}
            {...form.register('totalAmount')}
          />
          <Failure message={failure} />
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? 'Processing...' : 'Confirm Final Price'}
          </Button>
        </form>
      ) : (
        <div className="mt-3">
          <Unavailable reason={terms.reason} />
        </div>
      )}
    </DetailCard>
  );
}
