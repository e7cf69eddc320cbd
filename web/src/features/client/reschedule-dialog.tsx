import { zodResolver } from '@hookform/resolvers/zod';
import {
  type RescheduleBookingInput,
  rescheduleBookingSchema,
} from '@twinclean/shared/client-bookings';
import { hasCode, serverMessage } from '@twinclean/shared/http';
import {
  bookingWindow,
  formatDate,
  formatSlot,
  slotProblem,
  TIME_SLOTS,
} from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useId, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Field } from '../../components/ui/field';
import { showServerIssues } from '../../lib/server-issues';
import { useRescheduleBooking } from './booking-actions';
import '@twinclean/shared/zod-english';

/**
 * The request's schema, plus spec 2 §5 "date not before today" and the booking window's slots,
 * checked as the server will (shared/schedule.ts) so a slot it would refuse is never sent.
 */
const rescheduleFormSchema = rescheduleBookingSchema.check(
  z.superRefine((value, ctx) => {
    const now = new Date();
    const { minDate, maxDate } = bookingWindow(now);
    if (value.scheduledDate < minDate || value.scheduledDate > maxDate) {
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

function TimeSelect(props: {
  date: string;
  error: string | undefined;
  registered: UseFormRegisterReturn<'scheduledTime'>;
}) {
  const id = useId();
  const now = new Date();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        New time
      </label>
      <select
        id={id}
        required
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        className="h-11 rounded-md border border-slate-300 bg-white px-3 aria-[invalid]:border-red-600"
        {...props.registered}
      >
        <option value="">Choose a time</option>
        {TIME_SLOTS.map((slot) => (
          // Slots less than 2 hours away on the chosen day are listed but cannot be picked.
          <option
            key={slot}
            value={slot}
            disabled={props.date !== '' && slotProblem(props.date, slot, now) !== null}
          >
            {formatSlot(slot)}
          </option>
        ))}
      </select>
      {props.error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** Both a new date and time are required (spec 2 §5); nothing typed is lost on a failure. */
export function RescheduleDialog(props: {
  bookingId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { bookingId, open, onOpenChange } = props;
  const reschedule = useRescheduleBooking(bookingId);
  const form = useForm<RescheduleBookingInput>({
    resolver: zodResolver(rescheduleFormSchema),
    defaultValues: { scheduledDate: '', scheduledTime: '' },
  });
  const { errors } = form.formState;
  const date = form.watch('scheduledDate');
  // Said inside the dialog too: the toasts behind it are hidden from screen readers meanwhile.
  const [failure, setFailure] = useState<string | null>(null);
  const { minDate, maxDate } = bookingWindow(new Date());

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    reschedule.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Booking Rescheduled',
          description: `Your visit is now on ${formatDate(values.scheduledDate)} at ${formatSlot(values.scheduledTime)}.`,
        });
        form.reset();
        onOpenChange(false);
      },
      onError: (error) => {
        const message = serverMessage(error, 'Failed to reschedule booking');
        toast({ title: 'Reschedule Failed', description: message, variant: 'destructive' });
        showServerIssues(error, form);
        if (hasCode(error, 'invalid_slot')) {
          form.setError('scheduledTime', { type: 'server', message: error.message });
        }
        setFailure(message);
      },
    });
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!reschedule.isPending) onOpenChange(next);
      }}
      title="Reschedule booking"
      description="Choose a new date and start time. Visits start between 8:00 AM and 4:00 PM."
    >
      <form onSubmit={submit} noValidate aria-label="Reschedule booking" className="grid gap-4">
        <Field
          label="New date"
          type="date"
          min={minDate}
          max={maxDate}
          required
          error={errors.scheduledDate?.message}
          {...form.register('scheduledDate')}
        />
        <TimeSelect
          date={date}
          error={errors.scheduledTime?.message}
          registered={form.register('scheduledTime')}
        />
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => onOpenChange(false)}
            disabled={reschedule.isPending}
          >
            Keep Current Time
          </Button>
          <Button type="submit" disabled={reschedule.isPending}>
            {reschedule.isPending ? 'Rescheduling...' : 'Confirm New Time'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
