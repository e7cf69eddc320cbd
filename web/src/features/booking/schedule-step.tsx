import { bookingWindow, formatSlot, slotProblem, TIME_SLOTS } from '@twinclean/shared/schedule';
import { Field } from '../../components/ui/field';
import type { WizardForm } from './wizard-state';

/** Today up to 30 days ahead; slots less than 2 hours away are shown but disabled. */
export function ScheduleStep({
  form,
  update,
}: {
  form: WizardForm;
  update: (patch: Partial<WizardForm>) => void;
}) {
  const now = new Date();
  const { minDate, maxDate } = bookingWindow(now);
  return (
    <div className="grid gap-6">
      <Field
        label="Preferred date"
        type="date"
        min={minDate}
        max={maxDate}
        required
        value={form.scheduledDate}
        onChange={(e) => update({ scheduledDate: e.target.value, scheduledTime: '' })}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Preferred start time</legend>
        {!form.scheduledDate && (
          <p className="text-sm text-slate-500">Choose a date to see the times.</p>
        )}
        {form.scheduledDate && (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {TIME_SLOTS.map((slot) => (
              <label key={slot} className="relative">
                <input
                  type="radio"
                  name="scheduledTime"
                  value={slot}
                  checked={form.scheduledTime === slot}
                  disabled={slotProblem(form.scheduledDate, slot, now) !== null}
                  onChange={() => update({ scheduledTime: slot })}
                  className="peer sr-only"
                />
                <span className="flex h-10 cursor-pointer items-center justify-center rounded-md border border-slate-300 text-sm font-medium peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-brand-600 peer-focus-visible:outline-solid peer-disabled:cursor-not-allowed peer-disabled:opacity-40">
                  {formatSlot(slot)}
                </span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
    </div>
  );
}
