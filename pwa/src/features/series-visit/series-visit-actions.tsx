import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { serverMessage } from '@twinclean/shared/http';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { type SeriesRelease, seriesReleaseSchema } from '@twinclean/shared/series';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useOnline } from '../../lib/online';
import { useSeriesVisitAction } from './series-visit-requests';
import '@twinclean/shared/zod-english';

type Action = 'release' | 'give-up-series';

const ACTIONS: Record<
  Action,
  { button: string; title: string; consequence: string; confirm: string; done: string }
> = {
  release: {
    button: 'Release this visit',
    title: 'Release this visit?',
    consequence:
      'This visit goes back to the job board for another provider. You stay the regular cleaner for the rest of the series.',
    confirm: 'Release visit',
    done: 'The visit is back on the job board.',
  },
  'give-up-series': {
    button: 'Give up this series',
    title: 'Give up this series?',
    consequence:
      'Your upcoming visits of this series go back to the job board and the client is told they need a new regular cleaner. A visit less than 12 hours away and already charged stays yours. This cannot be undone.',
    confirm: 'Give up series',
    done: 'You are no longer the regular cleaner of this series.',
  },
};

/** A visit started, done or canceled is no longer one to hand back. */
const FINISHED = new Set(['en_route', 'in_progress', 'completed', 'canceled']);

const OFFLINE = "You're offline. Releasing a visit or giving up a series needs a connection.";

/**
 * A series visit's own buttons on its page: release one visit to the board, or give up the whole
 * series. Both need the server's word at once (another provider may take the visit), so they are
 * online-only, never queued.
 */
export function SeriesVisitActions({ job }: { job: ProviderJob }) {
  const online = useOnline();
  const [open, setOpen] = useState<Action | null>(null);
  if (!job.series || job.providerClockInTime || FINISHED.has(job.status)) return null;
  return (
    <div className="grid gap-2">
      {!online && (
        <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {OFFLINE}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {(['release', 'give-up-series'] as const).map((action) => (
          <Button
            key={action}
            variant="secondary"
            disabled={!online}
            onClick={() => setOpen(action)}
          >
            {ACTIONS[action].button}
          </Button>
        ))}
      </div>
      {open && <ReasonDialog job={job} action={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function ReasonDialog({
  job,
  action,
  onClose,
}: {
  job: ProviderJob;
  action: Action;
  onClose: () => void;
}) {
  const text = ACTIONS[action];
  const online = useOnline();
  const navigate = useNavigate();
  const send = useSeriesVisitAction(job.id, action);
  const fieldId = useId();
  const form = useForm<SeriesRelease>({
    resolver: zodResolver(seriesReleaseSchema),
    defaultValues: { reason: '' },
  });
  const error = form.formState.errors.reason?.message;
  const onValid = (input: SeriesRelease) =>
    send.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Done', description: text.done });
        onClose();
        void navigate({ to: '/' });
      },
      onError: (failure) =>
        toast({
          title: 'Something went wrong',
          description: serverMessage(failure, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      role="alertdialog"
      title={text.title}
      description={text.consequence}
    >
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="grid gap-3">
        <div className="grid gap-1.5">
          <label htmlFor={fieldId} className="text-sm font-medium">
            Reason
          </label>
          <textarea
            id={fieldId}
            rows={3}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${fieldId}-hint`}
            className="rounded-md border border-slate-300 p-2"
            {...form.register('reason')}
          />
          <p
            id={`${fieldId}-hint`}
            role={error ? 'alert' : undefined}
            className={`text-xs ${error ? 'text-red-700' : 'text-slate-600'}`}
          >
            {error ?? 'Kept in the series’ history for the office.'}
          </p>
        </div>
        {!online && (
          <p role="status" className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
            {OFFLINE}
          </p>
        )}
        {/* The toast sits outside this modal, where a screen reader is not: said here too. */}
        {send.error && (
          <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
            {serverMessage(send.error, 'Please try again.')}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending || !online}>
            {send.isPending ? 'Sending...' : text.confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
