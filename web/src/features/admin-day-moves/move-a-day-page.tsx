import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AppliedDayMove,
  type DayMoveInput,
  type DayMovePreview,
  dayMoveInputSchema,
} from '@twinclean/shared/day-moves';
import { serverMessage } from '@twinclean/shared/http';
import { chicagoDate, formatDate } from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AnnouncedStatus } from '../../components/announced-status';
import { Field } from '../../components/ui/field';
import { showServerIssues } from '../../lib/server-issues';
import { useApplyDayMove, usePreviewDayMove } from './api';
import { DayMoveHistory } from './day-move-history';
import { VisitsTable } from './visits-table';
import '@twinclean/shared/zod-english';

const visitsText = (n: number) => `${n} visit${n === 1 ? '' : 's'}`;

function appliedText(applied: AppliedDayMove): string {
  const left = applied.leftWaiting
    ? ` ${visitsText(applied.leftWaiting)} already waiting on an earlier move ${applied.leftWaiting === 1 ? 'was' : 'were'} left as ${applied.leftWaiting === 1 ? 'it was' : 'they were'}.`
    : '';
  return `Moved ${visitsText(applied.visitCount)} of ${formatDate(applied.date)}. Clients and providers were e-mailed; each client can accept, pick another time or skip.${left}`;
}

/**
 * /admin/move-a-day (admin_owner): pick a date and say why, see where each visit would go, then
 * move them all at once. Changing the date or reason drops the preview, so the confirm always
 * states what will happen.
 */
export function MoveADayPage() {
  const form = useForm<DayMoveInput>({
    resolver: zodResolver(dayMoveInputSchema),
    defaultValues: { date: '', reason: '' },
  });
  const { errors } = form.formState;
  const preview = usePreviewDayMove();
  const apply = useApplyDayMove();
  const [shown, setShown] = useState<{ input: DayMoveInput; preview: DayMovePreview } | null>(null);
  const [applied, setApplied] = useState<AppliedDayMove | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onPreview = form.handleSubmit(async (input) => {
    setFailure(null);
    setApplied(null);
    try {
      setShown({ input, preview: await preview.mutateAsync({ date: input.date }) });
    } catch (error) {
      if (showServerIssues(error, form).length === 0) {
        setFailure(serverMessage(error, 'The preview could not be loaded.'));
      }
    }
  });

  const onConfirm = async () => {
    if (!shown) return;
    setFailure(null);
    try {
      setApplied(await apply.mutateAsync(shown.input));
      setShown(null);
      form.reset();
    } catch (error) {
      setFailure(serverMessage(error, 'The day could not be moved.'));
    }
  };

  const dropPreview = { onChange: () => setShown(null) };
  const moving = shown?.preview.moving ?? 0;

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Move a Day</h1>
        <p className="mt-1 max-w-3xl text-slate-600">
          A blizzard or a holiday: every visit of the date moves to the next day its provider is
          free at the same time (or waits for the client to choose). Nothing is charged for a moved
          visit until its client answers.
        </p>
      </div>
      <form
        onSubmit={onPreview}
        noValidate
        aria-label="Move a day"
        className="grid max-w-2xl gap-4 rounded-lg border bg-white p-5 sm:grid-cols-2"
      >
        <Field
          label="Date to move"
          type="date"
          min={chicagoDate(new Date())}
          required
          error={errors.date?.message}
          {...form.register('date', dropPreview)}
        />
        <Field
          label="Reason (clients read it)"
          placeholder="a snowstorm"
          required
          maxLength={300}
          error={errors.reason?.message}
          {...form.register('reason', dropPreview)}
        />
        <Button
          type="submit"
          disabled={preview.isPending}
          className="sm:col-span-2 sm:justify-self-start"
        >
          {preview.isPending ? 'Loading the visits…' : 'Preview the move'}
        </Button>
      </form>
      {failure && (
        <p role="alert" className="max-w-2xl rounded-md bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      {applied && (
        <AnnouncedStatus className="max-w-3xl p-4">
          <p className="font-medium text-green-900">{appliedText(applied)}</p>
        </AnnouncedStatus>
      )}
      {shown && (
        <section aria-labelledby="day-move-preview" className="grid gap-3">
          <h2 id="day-move-preview" className="text-xl font-semibold">
            Visits on {formatDate(shown.preview.date)}
          </h2>
          {shown.preview.visits.length === 0 ? (
            <p className="text-slate-600">There are no visits to move on that date.</p>
          ) : (
            <VisitsTable visits={shown.preview.visits} />
          )}
          {shown.preview.waiting > 0 && (
            <p className="text-slate-700">
              {visitsText(shown.preview.waiting)} already{' '}
              {shown.preview.waiting === 1 ? 'waits' : 'wait'} on the client's answer to an earlier
              move and will be left as {shown.preview.waiting === 1 ? 'it is' : 'they are'}.
            </p>
          )}
          {moving > 0 && (
            <Button
              onClick={() => void onConfirm()}
              disabled={apply.isPending}
              className="justify-self-start"
            >
              {apply.isPending ? 'Moving…' : `Move ${visitsText(moving)} and e-mail their clients`}
            </Button>
          )}
        </section>
      )}
      <DayMoveHistory />
    </div>
  );
}
