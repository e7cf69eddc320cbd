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
          <div
            role="radiogroup"
            aria-label="Start time"
            className="grid grid-cols-3 gap-2 sm:grid-cols-5"
          >
            {TIME_SLOTS.map((slot) => {
              const unavailable = slotProblem(form.scheduledDate, slot, now) !== null;
              const selected = form.scheduledTime === slot;
              return (
                <button
                  key={slot}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  disabled={unavailable}
                  onClick={() => update({ scheduledTime: slot })}
                  className="h-10 rounded-md border border-slate-300 text-sm font-medium aria-checked:border-brand-700 aria-checked:bg-brand-700 aria-checked:text-white disabled:opacity-40"
                >
                  {formatSlot(slot)}
                </button>
              );
            })}
          </div>
        )}
      </fieldset>
    </div>
  );
}
