import { useMutation } from '@tanstack/react-query';
import { giftCardCodeField } from '@twinclean/shared/bookings';
import { type GiftCardBalance, giftCardBalanceSchema } from '@twinclean/shared/gift-cards';
import { postJson, serverMessage } from '@twinclean/shared/http';
import { formatWireDollars as money } from '@twinclean/shared/money';
import { Button } from '@twinclean/shared/ui/button';
import { useEffect, useId, useRef, useState } from 'react';

/** A gift card the server said has a balance, with the code as the booking sends it. */
export type AppliedGiftCard = GiftCardBalance & { code: string };

/** The code as the server reads it ("tc-ab12 cd34" is TCAB12CD34), or why it cannot be one. */
function codeOf(typed: string): { code: string } | { problem: string } {
  const parsed = giftCardCodeField().safeParse(typed);
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? 'Check the code' };
  return parsed.data ? { code: parsed.data } : { problem: 'Type a gift card code first' };
}

/** "Gift card ••••CD34: $50.00 balance" */
export const giftCardBalanceText = (card: GiftCardBalance): string =>
  `Gift card ••••${card.last4}: ${money(card.balance)} balance`;

/**
 * "Gift card (optional)" with Redeem (issue 34), beside the discount code: the code is checked
 * with the server, which says what it has left or why not; once applied, the booking sends it
 * and the server spends it again (what the card has then). A plain block inside the booking form.
 */
export function GiftCardField(props: {
  applied: AppliedGiftCard | null;
  onApplied: (card: AppliedGiftCard | null) => void;
  /** The booking's refusal of the card (spent meanwhile…), said here as the field's own problem. */
  refusal?: string | null;
}) {
  const id = useId();
  const [typed, setTyped] = useState(props.applied?.code ?? '');
  // What the box holds now: an answer for a code typed over meanwhile is not applied.
  const latest = useRef(typed);
  const [checkProblem, setProblem] = useState<string | null>(null);
  const problem = checkProblem ?? props.refusal ?? null;
  const input = useRef<HTMLInputElement>(null);
  // The booking refused the card: the focus goes to the field that says why, as for a field
  // the server refused.
  useEffect(() => {
    if (props.refusal) input.current?.focus();
  }, [props.refusal]);
  const check = useMutation({
    mutationFn: async (code: string) => ({
      code,
      ...giftCardBalanceSchema.parse(await postJson('/api/gift-cards/check', { code })),
    }),
  });
  const apply = () => {
    setProblem(null);
    const typedCode = codeOf(typed);
    if ('problem' in typedCode) {
      setProblem(typedCode.problem);
      return;
    }
    check.mutate(typedCode.code, {
      onSuccess: (card) => {
        const now = codeOf(latest.current);
        if ('code' in now && now.code === card.code) props.onApplied(card);
      },
      onError: (error) => {
        props.onApplied(null);
        setProblem(serverMessage(error, 'The gift card could not be checked. Try again.'));
      },
    });
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Gift card (optional)
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          value={typed}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : props.applied ? `${id}-applied` : undefined}
          onChange={(e) => {
            setTyped(e.target.value);
            latest.current = e.target.value;
            setProblem(null);
            if (props.applied || props.refusal) props.onApplied(null);
          }}
          onKeyDown={(e) => {
            // Enter redeems the card; it must not submit the booking around it.
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
            aria-label="Remove gift card"
            onClick={() => {
              props.onApplied(null);
              setTyped('');
              latest.current = '';
            }}
          >
            Remove
          </Button>
        ) : (
          // "Redeem", not the discount code's "Apply": each button is known by its own name.
          <Button variant="secondary" disabled={check.isPending} onClick={apply}>
            {check.isPending ? 'Checking...' : 'Redeem'}
          </Button>
        )}
      </div>
      <p aria-live="polite" className="text-sm">
        {props.applied && (
          <span id={`${id}-applied`} className="text-green-800">
            {giftCardBalanceText(props.applied)}
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
