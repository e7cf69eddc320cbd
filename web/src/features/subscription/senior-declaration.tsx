import { zodResolver } from '@hookform/resolvers/zod';
import {
  SENIOR_DECLARATION,
  SENIOR_DECLARATION_REQUIRED,
  seniorDeclarationSchema,
} from '@twinclean/shared/subscriptions';
import { Button } from '@twinclean/shared/ui/button';
import { type Ref, useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import '@twinclean/shared/zod-english';

/**
 * The senior plan's self-declaration (DECISIONS.md "Subscriptions": self-declared, recorded
 * with the date when the subscription is created). A native checkbox: a keyboard toggles it
 * with Space and a screen reader reads its label and, when missing, why it is needed.
 * `error` is the form's message, or true for the declaration's own.
 */
export function SeniorDeclaration({
  checked,
  error,
  onChange,
  ref,
}: {
  checked: boolean;
  error?: boolean | string | undefined;
  onChange: (checked: boolean) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const message = error === true ? SENIOR_DECLARATION_REQUIRED : error || undefined;
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
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
        />
        <span>{SENIOR_DECLARATION}</span>
      </label>
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * The checkout's own ask when the plan page's was skipped (a link straight to
 * ?plan=senior): the subscription is not created until the client confirms. Sent unticked, the
 * form focuses the box and says why; ticking it clears the message.
 */
export function DeclarationStep({ onConfirm }: { onConfirm: () => void }) {
  const { submit, box } = useDeclarationForm(onConfirm);
  return (
    <form onSubmit={submit} noValidate aria-label="Senior plan declaration" className="grid gap-4">
      <p>The Senior plan is for clients 65 or older, or living with a disability.</p>
      {box}
      <Button type="submit" className="sm:justify-self-start">
        Continue to payment
      </Button>
    </form>
  );
}

/**
 * The declaration as a form of its own (the shared pattern: react-hook-form with the schema's
 * resolver): sent unticked, it focuses the box and says why; ticking it clears the message.
 */
export function useDeclarationForm(onDeclared: () => void) {
  const form = useForm<
    z.input<typeof seniorDeclarationSchema>,
    unknown,
    z.output<typeof seniorDeclarationSchema>
  >({
    resolver: zodResolver(seniorDeclarationSchema),
    defaultValues: { declared: false },
  });
  const { field, fieldState } = useController({ control: form.control, name: 'declared' });
  return {
    submit: form.handleSubmit(() => onDeclared()),
    box: (
      <SeniorDeclaration
        ref={field.ref}
        checked={field.value}
        error={fieldState.error?.message}
        onChange={field.onChange}
      />
    ),
  };
}
