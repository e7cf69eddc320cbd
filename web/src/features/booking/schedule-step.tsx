import { bookingWindow, formatSlot, slotProblem, TIME_SLOTS } from '@twinclean/shared/schedule';
import { useId } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Field } from '../../components/ui/field';

type ScheduleValues = { scheduledDate: string; scheduledTime: string };

/**
 * Today up to 30 days ahead; slots less than 2 hours away are shown but disabled. Used by the
 * wizard and the special-service forms, whose payloads all carry scheduledDate/scheduledTime.
 */
export function ScheduleStep<T extends FieldValues & ScheduleValues>(props: {
  form: UseFormReturn<T, unknown, unknown>;
  dateLabel?: string;
  timeLabel?: string;
}) {
  const { dateLabel = 'Preferred date', timeLabel = 'Preferred start time' } = props;
  // react-hook-form cannot see that a generic T has these two paths; every caller's does.
  const form = props.form as unknown as UseFormReturn<ScheduleValues, unknown, unknown>;
  const errorId = useId();
  const now = new Date();
  const { minDate, maxDate } = bookingWindow(now);
  const { errors } = form.formState;
  const date = form.watch('scheduledDate');
  return (
    <div className="grid gap-6">
      <Field
        label={dateLabel}
        type="date"
        min={minDate}
        max={maxDate}
        required
        error={errors.scheduledDate?.message}
        {...form.register('scheduledDate', {
          // A new day has its own free slots: the time is chosen again.
          onChange: () => form.setValue('scheduledTime', ''),
        })}
      />
      <fieldset
        aria-invalid={date && errors.scheduledTime ? true : undefined}
        aria-describedby={date && errors.scheduledTime ? errorId : undefined}
      >
        <legend className="mb-2 text-sm font-medium text-slate-800">{timeLabel}</legend>
        {!date && <p className="text-sm text-slate-500">Choose a date to see the times.</p>}
        {date && (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {TIME_SLOTS.map((slot) => (
              <label key={slot} className="relative">
                <input
                  type="radio"
                  value={slot}
                  disabled={slotProblem(date, slot, now) !== null}
                  className="peer sr-only"
                  {...form.register('scheduledTime')}
                />
                <span className="flex h-10 cursor-pointer items-center justify-center rounded-md border border-slate-300 text-sm font-medium peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-brand-600 peer-focus-visible:outline-solid peer-disabled:cursor-not-allowed peer-disabled:opacity-40">
                  {formatSlot(slot)}
                </span>
              </label>
            ))}
          </div>
        )}
        {/* Until a date is picked, the date's own message says what is missing. */}
        {date && errors.scheduledTime?.message && (
          <p id={errorId} role="alert" className="mt-2 text-xs text-red-700">
            {errors.scheduledTime.message}
          </p>
        )}
      </fieldset>
    </div>
  );
}
