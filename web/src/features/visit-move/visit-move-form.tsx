import { zodResolver } from '@hookform/resolvers/zod';
import { type VisitMoveAnswer, visitMoveActionSchema } from '@twinclean/shared/day-moves';
import { serverMessage } from '@twinclean/shared/http';
import {
  bookingWindow,
  formatDate,
  formatSlot,
  slotProblem,
  TIME_SLOTS,
} from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Field } from '../../components/ui/field';
import { showServerIssues } from '../../lib/server-issues';
import '@twinclean/shared/zod-english';

/**
 * The form's values: a choice, and a date and time only "pick another time" needs, checked as
 * the server checks a slot (shared/schedule.ts) so one it would refuse is never sent.
 */
const answerFormSchema = z
  .object({ action: visitMoveActionSchema, scheduledDate: z.string(), scheduledTime: z.string() })
  .check(
    z.superRefine((value, ctx) => {
      if (value.action !== 'reschedule') return;
      const now = new Date();
      const { minDate, maxDate } = bookingWindow(now);
      if (!value.scheduledDate || value.scheduledDate < minDate || value.scheduledDate > maxDate) {
        ctx.addIssue({
          code: 'custom',
          path: ['scheduledDate'],
          message: 'Choose a date from today up to 30 days ahead.',
          input: value.scheduledDate,
        });
        return;
      }
      const problem = slotProblem(value.scheduledDate, value.scheduledTime, now);
      if (problem) {
        ctx.addIssue({ code: 'custom', path: ['scheduledTime'], message: problem, input: value });
      }
    }),
  );
type AnswerForm = z.infer<typeof answerFormSchema>;

const answerOf = (values: AnswerForm): VisitMoveAnswer =>
  values.action === 'reschedule'
    ? {
        action: 'reschedule',
        scheduledDate: values.scheduledDate,
        scheduledTime: values.scheduledTime,
      }
    : { action: values.action };

/** Accept the proposed time (when there is one), pick another, or skip the visit. */
export function VisitMoveForm(props: {
  proposed: { date: string; time: string } | null;
  pending: boolean;
  submit: (answer: VisitMoveAnswer) => Promise<unknown>;
}) {
  const { proposed } = props;
  const form = useForm<AnswerForm>({
    resolver: zodResolver(answerFormSchema),
    defaultValues: {
      action: proposed ? 'accept' : 'reschedule',
      scheduledDate: '',
      scheduledTime: '',
    },
  });
  const { errors } = form.formState;
  const action = form.watch('action');
  const date = form.watch('scheduledDate');
  const [failure, setFailure] = useState<string | null>(null);
  const timeId = useId();
  const { minDate, maxDate } = bookingWindow(new Date());

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await props.submit(answerOf(values));
    } catch (error) {
      if (showServerIssues(error, form).length === 0) {
        setFailure(serverMessage(error, 'We could not save your answer. Please try again.'));
      }
    }
  });

  const choices = [
    ...(proposed
      ? [
          {
            value: 'accept' as const,
            label: `Keep the new time: ${formatDate(proposed.date)} at ${formatSlot(proposed.time)}`,
          },
        ]
      : []),
    { value: 'reschedule' as const, label: 'Pick another time' },
    { value: 'skip' as const, label: 'Skip this visit (no fee)' },
  ];

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Answer the move" className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-800">What would you like?</legend>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white p-3 has-[:checked]:border-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input type="radio" value={choice.value} {...form.register('action')} />
            <span>{choice.label}</span>
          </label>
        ))}
      </fieldset>
      {action === 'reschedule' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="New date"
            type="date"
            min={minDate}
            max={maxDate}
            required
            error={errors.scheduledDate?.message}
            {...form.register('scheduledDate')}
          />
          <div className="grid gap-1.5">
            <label htmlFor={timeId} className="text-sm font-medium text-slate-800">
              New time
            </label>
            <select
              id={timeId}
              required
              aria-invalid={errors.scheduledTime ? true : undefined}
              aria-describedby={errors.scheduledTime ? `${timeId}-error` : undefined}
              className="h-11 rounded-md border border-slate-300 bg-white px-3 aria-[invalid]:border-red-600"
              {...form.register('scheduledTime')}
            >
              <option value="">Choose a time</option>
              {TIME_SLOTS.map((slot) => (
                // Slots less than 2 hours away on the chosen day are listed but cannot be picked.
                <option
                  key={slot}
                  value={slot}
                  disabled={date !== '' && slotProblem(date, slot, new Date()) !== null}
                >
                  {formatSlot(slot)}
                </option>
              ))}
            </select>
            {errors.scheduledTime && (
              <p id={`${timeId}-error`} role="alert" className="text-xs text-red-700">
                {errors.scheduledTime.message}
              </p>
            )}
          </div>
        </div>
      )}
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={props.pending} className="sm:justify-self-start">
        {props.pending ? 'Saving…' : 'Confirm'}
      </Button>
    </form>
  );
}
