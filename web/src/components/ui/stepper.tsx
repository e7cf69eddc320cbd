import { Minus, Plus } from 'lucide-react';

/** A labelled count with − and + buttons that never leaves [min, max]. */
export function Stepper(props: {
  label: string;
  value: number;
  min?: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const { label, value, min = 0, max, onChange } = props;
  return (
    <fieldset className="flex items-center justify-between gap-3">
      <legend className="sr-only">{label}</legend>
      <span className="text-sm font-medium text-slate-800" aria-hidden>
        {label}
      </span>
      <div className="flex items-center gap-2">
        <button
          type="button"
          aria-label={`Fewer: ${label}`}
          disabled={value <= min}
          onClick={() => onChange(Math.max(min, value - 1))}
          className="grid size-9 place-items-center rounded-md border border-slate-300 disabled:opacity-40"
        >
          <Minus className="size-4" aria-hidden />
        </button>
        <output
          aria-live="polite"
          aria-label={label}
          className="w-6 text-center font-semibold tabular-nums"
        >
          {value}
        </output>
        <button
          type="button"
          aria-label={`More: ${label}`}
          disabled={value >= max}
          onClick={() => onChange(Math.min(max, value + 1))}
          className="grid size-9 place-items-center rounded-md border border-slate-300 disabled:opacity-40"
        >
          <Plus className="size-4" aria-hidden />
        </button>
      </div>
    </fieldset>
  );
}
