import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminBooking,
  type AdminBookingPayout,
  type PayoutReviewInput,
  payoutReviewSchema,
} from '@twinclean/shared/admin-booking';
import { serverMessage } from '@twinclean/shared/http';
import { formatInstant } from '@twinclean/shared/schedule';
import { Badge } from '@twinclean/shared/ui/badge';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Failure, Unavailable } from '../../components/action-notes';
import { DetailCard, Facts } from '../../components/detail-card';
import { Field } from '../../components/ui/field';
import { money } from '../../lib/format';
import { showServerIssues } from '../../lib/server-issues';
import { usePayoutReview } from './api';
import { hours } from './format';
import '@twinclean/shared/zod-english';

/** Approve every hour worked, or pay fewer: the punch rules' flag waits for this. */
function ReviewForm({ bookingId, payout }: { bookingId: string; payout: AdminBookingPayout }) {
  const review = usePayoutReview(bookingId, payout.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PayoutReviewInput>({
    resolver: zodResolver(payoutReviewSchema),
    defaultValues: { hoursPaid: payout.hoursPaid },
  });
  const hourly = payout.sharePercent === null;

  const send = (input: PayoutReviewInput) => {
    setFailure(null);
    review.mutate(input, {
      onSuccess: (answer) =>
        toast({
          title: 'Payout Reviewed',
          description: `${hours(answer.booking.payout?.hoursPaid ?? input.hoursPaid)} paid.`,
        }),
      onError: (error) => {
        const message = serverMessage(error, 'Failed to review the payout');
        toast({ title: 'Error', description: message, variant: 'destructive' });
        showServerIssues(error, form);
        setFailure(message);
      },
    });
  };

  return (
    <form
      onSubmit={form.handleSubmit(send)}
      noValidate
      aria-label="Review payout"
      className="mt-4 grid gap-3"
    >
      {hourly && (
        <Field
          label="Hours to pay"
          hint={`Between 0 and the ${hours(payout.hoursWorked)} worked, 2 decimals.`}
          type="number"
          inputMode="decimal"
          min={0}
          max={payout.hoursWorked}
          step={0.01}
          error={form.formState.errors.hoursPaid?.message}
          {...form.register('hoursPaid', { valueAsNumber: true })}
        />
      )}
      <Failure message={failure} />
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={review.isPending}
          onClick={() => {
            form.setValue('hoursPaid', payout.hoursWorked);
            send({ hoursPaid: payout.hoursWorked });
          }}
        >
          {review.isPending ? 'Processing...' : `Approve ${hours(payout.hoursWorked)}`}
        </Button>
        {hourly && (
          <Button type="submit" variant="secondary" disabled={review.isPending}>
            {review.isPending ? 'Processing...' : 'Adjust Hours'}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The job's payout: hours worked and paid, the amounts, and why it waits for an admin. */
export function PayoutCard({ booking }: { booking: AdminBooking }) {
  const { payout } = booking;
  if (!payout) return null;
  const terms = booking.actions.reviewPayout;
  const flagged = payout.reviewReason !== null;
  return (
    <DetailCard
      title="Payout"
      tone={flagged ? 'attention' : 'plain'}
      aside={
        <Badge tone={payout.status === 'paid' ? 'success' : 'neutral'}>
          {payout.status === 'paid' ? 'Paid' : 'Pending'}
        </Badge>
      }
    >
      <Facts
        rows={[
          ['Hours worked', hours(payout.hoursWorked)],
          ['Hours paid', hours(payout.hoursPaid)],
          payout.hourlyRate !== null && ['Rate', `${money(payout.hourlyRate)}/hour`],
          payout.sharePercent !== null && ['Share', `${payout.sharePercent}% of the price`],
          ['Base', money(payout.baseAmount)],
          ['Wait pay', money(payout.waitPay)],
          payout.bonus !== '0.00' && ['Auction bonus', money(payout.bonus)],
          ['Total', money(payout.totalAmount)],
          ['Location', payout.geofenceVerified ? 'Verified' : 'Not Verified'],
          flagged && ['Needs review', payout.reviewReason],
          payout.reviewedAt !== null && [
            'Reviewed',
            `${formatInstant(payout.reviewedAt)}${payout.reviewedBy ? ` by ${payout.reviewedBy}` : ''}`,
          ],
          payout.paidAt !== null && [
            'Paid',
            `${formatInstant(payout.paidAt)}${payout.paidBy ? ` by ${payout.paidBy}` : ''}`,
          ],
        ]}
      />
      {terms.allowed ? (
        <ReviewForm key={payout.hoursPaid} bookingId={booking.id} payout={payout} />
      ) : (
        flagged && (
          <div className="mt-3">
            <Unavailable reason={terms.reason} />
          </div>
        )
      )}
    </DetailCard>
  );
}
