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
import { DetailCard } from '../../components/detail-card';
import { Field } from '../../components/ui/field';
import { money } from '../../lib/format';
import { showServerIssues } from '../../lib/server-issues';
import { Failure, Unavailable } from './action-notes';
import { useConfirmPrice } from './api';
import '@twinclean/shared/zod-english';

/**
 * Confirm final price (DECISIONS.md "Special services"): a carpet or rug job's price, by an admin
 * after assignment; the deposit request follows it. Shown only while the price is an estimate.
 */
export function FinalPriceCard({ booking }: { booking: AdminBooking }) {
  const confirm = useConfirmPrice(booking.id);
  const [failure, setFailure] = useState<string | null>(null);
  const estimate = booking.price.estimatedAmount ?? booking.price.totalAmount;
  const form = useForm<AdminConfirmPriceInput>({
    resolver: zodResolver(adminConfirmPriceSchema),
    defaultValues: { totalAmount: estimate },
  });
  if (!hasPriceToConfirm(booking.serviceType) || booking.price.priceIsFinal) return null;
  const terms = booking.actions.confirmPrice;

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    confirm.mutate(values, {
      onSuccess: (answer) =>
        toast({
          title: 'Final Price Confirmed',
          description: `${money(answer.booking.price.totalAmount)}; the deposit request goes to the client.`,
        }),
      onError: (error) => {
        const message = serverMessage(error, 'Failed to confirm the final price');
        toast({ title: 'Error', description: message, variant: 'destructive' });
        showServerIssues(error, form);
        setFailure(message);
      },
    });
  });

  return (
    <DetailCard title="Confirm final price" tone="attention">
      <p className="text-sm text-slate-700">
        The client booked at an estimate of {money(estimate)}. Confirm the price once the work has
        been seen; the deposit is requested from the client then.
      </p>
      {terms.allowed ? (
        <form
          onSubmit={submit}
          noValidate
          aria-label="Confirm final price"
          className="mt-4 grid gap-3"
        >
          <Field
            label="Final price ($)"
            hint="The total the client pays, green cleaning included."
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
