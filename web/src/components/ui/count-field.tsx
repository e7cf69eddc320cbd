import { Minus, Plus } from 'lucide-react';
import { type Ref, useId } from 'react';

/**
 * What a typed count becomes: a whole number, anything unreadable 0 (spec 2 §5 "invalid
 * becomes 0"), never below 0 nor above the maximum. The buttons keep to [min, max]; typing
 * may go below min (0 loads), which the form's schema then reports.
 */
export function typedCount(text: string, max: number): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(0, n)) : 0;
}

/**
 * A labelled count that can be typed or stepped with − and +: a native spinbutton (arrow keys
 * work), its label, hint and error wired for screen readers.
 */
export function CountField(props: {
  label: string;
  value: number | undefined;
  min?: number;
  max: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  hint?: string;
  error?: string;
}) {
  const { label, min = 0, max, onChange, hint, error } = props;
  const value = props.value ?? 0;
  const id = useId();
  const describedBy =
    [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const stepButton =
    'grid size-10 shrink-0 place-items-center rounded-md border border-slate-300 aria-disabled:cursor-not-allowed aria-disabled:opacity-40';
  // aria-disabled, not disabled: a button that went dim under the keyboard keeps the focus.
  const step = (to: number, allowed: boolean) => () => {
    if (allowed) onChange(Math.max(min, Math.min(max, to)));
  };
  return (
    <div className="grid gap-1">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <div className="flex items-center gap-2">
          <button
            type="button"
            aria-label={`Fewer: ${label}`}
            aria-disabled={value <= min}
            onClick={step(value - 1, value > min)}
            className={stepButton}
          >
            <Minus className="size-4" aria-hidden />
          </button>
          <input
            id={id}
            ref={props.inputRef}
            name={props.name}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            value={value}
            onChange={(event) => onChange(typedCount(event.target.value, max))}
            onBlur={props.onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="h-10 w-16 rounded-md border border-slate-300 text-center text-base font-semibold tabular-nums outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-600"
          />
          <button
            type="button"
            aria-label={`More: ${label}`}
            aria-disabled={value >= max}
            onClick={step(value + 1, value < max)}
            className={stepButton}
          >
            <Plus className="size-4" aria-hidden />
          </button>
        </div>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
