import { SENIOR_DECLARATION } from '@twinclean/shared/subscriptions';
import { Button } from '@twinclean/shared/ui/button';
import { type FormEvent, type Ref, useId, useRef, useState } from 'react';

export const DECLARATION_REQUIRED = 'Please confirm this to choose the Senior plan.';

/**
 * The senior plan's self-declaration (DECISIONS.md "Subscriptions": self-declared, recorded
 * with the date when the subscription is created). A native checkbox: a keyboard toggles it
 * with Space and a screen reader reads its label and, when missing, why it is needed.
 */
export function SeniorDeclaration({
  checked,
  error,
  onChange,
  ref,
}: {
  checked: boolean;
  error: boolean;
  onChange: (checked: boolean) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label
        htmlFor={id}
        className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 bg-white p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
      >
        <input
          ref={ref}
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <span>{SENIOR_DECLARATION}</span>
      </label>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {DECLARATION_REQUIRED}
        </p>
      )}
    </div>
  );
}

/**
 * The checkout's own ask when the plan page's was skipped (a link straight to
 * ?plan=senior): the subscription is not created until the client confirms.
 */
export function DeclarationStep({ onConfirm }: { onConfirm: () => void }) {
  const [checked, setChecked] = useState(false);
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checked) return onConfirm();
    setMissing(true);
    input.current?.focus();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Senior plan declaration" className="grid gap-4">
      <p>The Senior plan is for clients 65 or older, or living with a disability.</p>
      <SeniorDeclaration
        ref={input}
        checked={checked}
        error={missing && !checked}
        onChange={setChecked}
      />
      <Button type="submit" className="sm:justify-self-start">
        Continue to payment
      </Button>
    </form>
  );
}
