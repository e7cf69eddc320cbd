import { useMutation } from '@tanstack/react-query';
import { type DiscountTerms, discountTermsSchema } from '@twinclean/shared/discount-codes';
import { postJson, serverMessage } from '@twinclean/shared/http';
import type { ServiceType } from '@twinclean/shared/services';
import { Button } from '@twinclean/shared/ui/button';
import { useId, useRef, useState } from 'react';

/**
 * "Discount code (optional)" with Apply (issue 34): the code is checked with the server, which
 * says what it takes off or why not; once applied, the booking sends it and the server prices it
 * again. A plain block, not a form of its own: it lives inside the booking form.
 */
export function DiscountCodeField(props: {
  serviceType: ServiceType;
  /** The code the booking will send (kept by the booking form, so a reload of state keeps it). */
  applied: DiscountTerms | null;
  onApplied: (terms: DiscountTerms | null) => void;
  /** The booking's refusal of the code, said here as the field's own problem. */
  refusal?: string | null;
}) {
  const id = useId();
  const [typed, setTyped] = useState(props.applied?.code ?? '');
  // What the box holds now: an answer for a code typed over meanwhile is not applied.
  const latest = useRef(typed);
  const [checkProblem, setProblem] = useState<string | null>(null);
  const problem = checkProblem ?? props.refusal ?? null;
  const check = useMutation({
    mutationFn: async (code: string) =>
      discountTermsSchema.parse(
        await postJson('/api/discount-codes/check', {
          code,
          serviceType: props.serviceType,
        }),
      ),
  });
  const apply = () => {
    setProblem(null);
    if (!typed.trim()) {
      setProblem('Type a code first');
      return;
    }
    check.mutate(typed, {
      onSuccess: (terms) => {
        if (latest.current.trim().toUpperCase() === terms.code) props.onApplied(terms);
      },
      onError: (error) => {
        props.onApplied(null);
        setProblem(serverMessage(error, 'The code could not be checked. Try again.'));
      },
    });
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Discount code (optional)
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={typed}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : props.applied ? `${id}-applied` : undefined}
          onChange={(e) => {
            setTyped(e.target.value);
            latest.current = e.target.value;
            setProblem(null);
            if (props.applied || props.refusal) props.onApplied(null);
          }}
          onKeyDown={(e) => {
            // Enter applies the code; it must not submit the booking around it.
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          className="h-11 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-base uppercase outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-600"
        />
        {props.applied ? (
          <Button
            variant="secondary"
            onClick={() => {
              props.onApplied(null);
              setTyped('');
              latest.current = '';
            }}
          >
            Remove
          </Button>
        ) : (
          <Button variant="secondary" disabled={check.isPending} onClick={apply}>
            {check.isPending ? 'Checking...' : 'Apply'}
          </Button>
        )}
      </div>
      <p aria-live="polite" className="text-sm">
        {props.applied && (
          <span id={`${id}-applied`} className="text-green-800">
            {props.applied.code}: {props.applied.description}
          </span>
        )}
      </p>
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
