import { type ComponentProps, type ReactNode, useId } from 'react';

// The payout form's labelled controls, as the web's forms have them (web/src/components/ui/
// field.tsx): the label, a required mark, a hint, and the field's error read out with it.

type Described = { label: string; hint?: string; error?: string; required?: boolean };

type Control = {
  id: string;
  required: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

function FieldFrame({
  label,
  hint,
  error,
  required,
  children,
}: Described & { children: (control: Control) => ReactNode }) {
  const id = useId();
  const describedBy =
    [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden>
            {' *'}
          </span>
        )}
      </label>
      {children({
        id,
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
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

const CONTROL =
  'h-11 min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-600';

/** A labelled input; spread `register(name)` into it and pass the field's error message. */
export function Field({
  label,
  hint,
  error,
  required,
  ...input
}: Omit<ComponentProps<'input'>, 'required'> & Described) {
  return (
    <FieldFrame label={label} hint={hint} error={error} required={required}>
      {(control) => <input {...control} className={CONTROL} {...input} />}
    </FieldFrame>
  );
}

/** A labelled select with its error, for the few fixed choices (SSN or EIN). */
export function SelectField({
  label,
  hint,
  error,
  required,
  options,
  ...select
}: Omit<ComponentProps<'select'>, 'required'> &
  Described & { options: readonly { value: string; label: string }[] }) {
  return (
    <FieldFrame label={label} hint={hint} error={error} required={required}>
      {(control) => (
        <select {...control} className={CONTROL} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
