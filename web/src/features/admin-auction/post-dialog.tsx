import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type AuctionPostInput, auctionPostInputSchema } from '@twinclean/shared/auction';
import { serverMessage } from '@twinclean/shared/http';
import { formatDate, formatSlot } from '@twinclean/shared/schedule';
import { serviceTitle } from '@twinclean/shared/services';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { LoadFailed, Loading } from '../../components/query-states';
import { Field } from '../../components/ui/field';
import { showServerIssues } from '../../lib/server-issues';
import { openJobsQueryOptions, usePostJob } from './api';
import '@twinclean/shared/zod-english';

/**
 * "Post a job": an upcoming job nobody has taken, and the bonus in dollars. VIP providers are
 * alerted at once; the rest when the VIP window ends.
 */
export function PostDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A job to start from (the booking page's "Post to auction board"). */
  bookingId?: string | undefined;
}) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Post a job"
      description="VIP providers see it first, for the VIP access period; then every provider whose availability fits. The bonus is added to the pay of whoever claims it."
    >
      {props.open && (
        <PostForm bookingId={props.bookingId} onDone={() => props.onOpenChange(false)} />
      )}
    </Dialog>
  );
}

function PostForm({ bookingId, onDone }: { bookingId?: string | undefined; onDone: () => void }) {
  const jobs = useQuery(openJobsQueryOptions());
  const post = usePostJob();
  const [failure, setFailure] = useState<string | null>(null);
  const selectId = useId();
  const form = useForm<AuctionPostInput>({
    resolver: zodResolver(auctionPostInputSchema),
    defaultValues: { bookingId: bookingId ?? '', bonus: '25.00' },
  });
  if (jobs.isError) {
    return (
      <LoadFailed
        message="The open jobs could not be loaded."
        retrying={jobs.isFetching}
        onRetry={() => void jobs.refetch()}
      />
    );
  }
  if (!jobs.data) return <Loading label="Loading open jobs..." />;
  if (jobs.data.length === 0 && !bookingId) {
    return <p className="text-sm text-slate-700">No upcoming job is waiting for a provider.</p>;
  }
  const options = jobs.data.map((job) => ({
    value: job.id,
    label: `${formatDate(job.scheduledDate)} ${formatSlot(job.scheduledTime)} · ${serviceTitle(job.serviceType)} · ${job.city}`,
  }));
  if (bookingId && !options.some((o) => o.value === bookingId)) {
    options.unshift({ value: bookingId, label: 'This booking' });
  }

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    post.mutate(values, {
      onSuccess: (answer) => {
        toast({
          title: 'Job posted',
          description: `+$${answer.post.bonus} bonus; VIPs are alerted now.`,
        });
        onDone();
      },
      onError: (error) => {
        const message = serverMessage(error, 'The job could not be posted');
        showServerIssues(error, form);
        setFailure(message);
      },
    });
  });
  const jobError = form.formState.errors.bookingId?.message;
  return (
    <form onSubmit={submit} noValidate aria-label="Post a job" className="grid gap-4">
      <div className="grid gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
          Job
        </label>
        <select
          id={selectId}
          className="h-11 rounded-md border border-slate-300 bg-white px-3"
          aria-invalid={jobError ? true : undefined}
          aria-describedby={jobError ? `${selectId}-error` : undefined}
          {...form.register('bookingId')}
        >
          <option value="">Choose an open job</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {jobError && (
          <p id={`${selectId}-error`} role="alert" className="text-xs text-red-700">
            {jobError}
          </p>
        )}
      </div>
      <Field
        label="Bonus ($)"
        hint="Added to the provider's pay, from $1.00 to $500.00."
        inputMode="decimal"
        autoComplete="off"
        error={form.formState.errors.bonus?.message}
        {...form.register('bonus')}
      />
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={post.isPending}>
        {post.isPending ? 'Posting...' : 'Post Job'}
      </Button>
    </form>
  );
}
