import { type ChangeEvent, type ComponentProps, type ReactNode, useId } from 'react';

type Described = { label: string; hint?: string; error?: string };

/** The label, hint and error around one control, wired for screen readers. */
function FieldFrame({
  label,
  hint,
  error,
  children,
}: Described & {
  children: (control: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  // An error that repeats the hint (the password's length) replaces it rather than echoing it.
  const shownHint = hint !== error ? hint : undefined;
  const describedBy =
    [shownHint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {shownHint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {shownHint}
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

/** A labelled input; spread `register(name)` into it and pass the field's error message. */
export function Field({ label, hint, error, ...input }: ComponentProps<'input'> & Described) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          className="h-11 rounded-md border border-slate-300 px-3 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 read-only:bg-slate-100 read-only:text-slate-600 aria-[invalid]:border-red-600"
          {...input}
        />
      )}
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  ...textarea
}: ComponentProps<'textarea'> & Described) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          {...control}
          rows={3}
          className="rounded-md border border-slate-300 p-3 aria-[invalid]:border-red-600"
          {...textarea}
        />
      )}
    </FieldFrame>
  );
}

/**
 * Wraps a registered input's onChange so it keeps only digits, at most `max` (codes, ZIP): the
 * input shows what the form holds.
 */
export const digitsOnly =
  <R,>(max: number, onChange: (event: ChangeEvent<HTMLInputElement>) => R) =>
  (event: ChangeEvent<HTMLInputElement>) => {
    event.target.value = event.target.value.replace(/\D/g, '').slice(0, max);
    return onChange(event);
  };
