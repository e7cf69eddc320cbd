import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FinalPriceInput, finalPriceSchema } from '@twinclean/shared/final-price';
import { postJson, serverMessage } from '@twinclean/shared/http';
import { type ProviderJob, providerJobSchema } from '@twinclean/shared/provider-jobs';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { dollars } from '../../components/job-facts';
import { approvalHint, confirmedToast } from '../../lib/final-price-text';
import { NEEDS_CONNECTION, useOnline } from '../../lib/online';
import { finalPricePercentsQuery } from '../../lib/pricing-queries';
import { providerKeys } from '../../lib/query-keys';
import '@twinclean/shared/zod-english';

// Loaded by the job page only for a carpet or rug job whose price waits for its provider, so
// the form library and zod's messages stay off every other screen.

/**
 * POST /api/provider/jobs/{id}/final-price; the answer is the job as it now stands. The toasts
 * are said here, not by the form: the confirmed job no longer shows the form, and a form gone
 * before its mutation settles hears nothing.
 */
function useConfirmFinalPrice(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: FinalPriceInput) =>
      providerJobSchema.parse(await postJson(`/api/provider/jobs/${id}/final-price`, input)),
    onSuccess: (job) => {
      // Outside the bounds the answer is not a refusal: the price waits for the client (the job
      // page then says so instead of this form).
      toast(confirmedToast(job));
      queryClient.setQueryData(providerKeys.job(id), job);
    },
    onError: (failure) =>
      toast({
        title: 'Failed to Confirm Price',
        description: serverMessage(failure, 'Failed to confirm the final price'),
        variant: 'destructive',
      }),
    // The job's pay changed on the dashboard's list too (and the job itself, if refused).
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.jobs }),
  });
}

/**
 * Confirm final price: the client's total once the provider has seen the carpets or rugs
 * (DECISIONS.md "Special services"); far from the estimate it waits for the client's approval
 * ("Final price consent"). The server's word is needed (the deposit follows it), so it is an
 * online action like accepting a job, never queued; the clock-out's own field is what works
 * offline.
 */
export default function FinalPricePanel({ job }: { job: ProviderJob }) {
  const online = useOnline();
  const confirm = useConfirmFinalPrice(job.id);
  const fieldId = useId();
  const estimate = job.estimatedAmount ?? job.clientAmount ?? null;
  const percents = useQuery(finalPricePercentsQuery).data;
  const form = useForm<FinalPriceInput>({
    resolver: zodResolver(finalPriceSchema),
    defaultValues: { totalAmount: estimate ?? '' },
  });
  const error = form.formState.errors.totalAmount?.message;

  const onValid = (input: FinalPriceInput) => confirm.mutate(input);

  return (
    <form
      aria-label="Confirm final price"
      onSubmit={form.handleSubmit(onValid)}
      className="grid gap-3"
      noValidate
    >
      <p className="text-sm text-slate-700">
        {estimate ? `The client booked at an estimate of ${dollars(estimate)}. ` : ''}
        Confirm the price once you have seen the work; your pay follows it.
      </p>
      <div className="grid gap-1.5">
        <label htmlFor={fieldId} className="text-sm font-medium">
          Final price ($)
        </label>
        <input
          id={fieldId}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${fieldId}-hint`}
          className="h-11 rounded-md border border-slate-300 px-3"
          {...form.register('totalAmount')}
        />
        <p
          id={`${fieldId}-hint`}
          role={error ? 'alert' : undefined}
          className={`text-xs ${error ? 'text-red-700' : 'text-slate-600'}`}
        >
          {error ??
            `The total the client pays, green cleaning included. ${approvalHint(estimate, percents)}`}
        </p>
      </div>
      {!online && (
        <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {NEEDS_CONNECTION.finalPrice}
        </p>
      )}
      <Button type="submit" disabled={confirm.isPending || !online}>
        {confirm.isPending ? 'Confirming...' : 'Confirm Final Price'}
      </Button>
    </form>
  );
}
