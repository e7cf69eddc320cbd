import { useId } from 'react';

export function Switch(props: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {props.label}
        </label>
        {props.description && <p className="text-xs text-slate-500">{props.description}</p>}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={props.checked}
        onClick={() => props.onChange(!props.checked)}
        className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors aria-checked:bg-brand-700"
      >
        {/* left-0: a button centres its content, and the thumb would slide from the middle. */}
        <span
          aria-hidden
          className={`absolute top-0.5 left-0 size-5 rounded-full bg-white shadow transition-transform ${props.checked ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
    </div>
  );
}
