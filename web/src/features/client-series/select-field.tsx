import { formatSlot, slotProblem, TIME_SLOTS } from '@twinclean/shared/schedule';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A labelled select, its error announced and tied to it for screen readers. */
export function SelectField(props: {
  label: string;
  error: string | undefined;
  registered: UseFormRegisterReturn;
  options: { value: string; label: string; disabled?: boolean }[];
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <select
        id={id}
        required
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        className="h-11 rounded-md border border-slate-300 bg-white px-3 aria-[invalid]:border-red-600"
        {...props.registered}
      >
        {props.placeholder && <option value="">{props.placeholder}</option>}
        {props.options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
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

/** The day's start times; those less than 2 hours away on the chosen day are listed but off. */
export function TimeSelect(props: {
  label: string;
  date: string;
  error: string | undefined;
  registered: UseFormRegisterReturn;
}) {
  const now = new Date();
  return (
    <SelectField
      label={props.label}
      error={props.error}
      registered={props.registered}
      placeholder="Choose a time"
      options={TIME_SLOTS.map((slot) => ({
        value: slot,
        label: formatSlot(slot),
        disabled: props.date !== '' && slotProblem(props.date, slot, now) !== null,
      }))}
    />
  );
}
