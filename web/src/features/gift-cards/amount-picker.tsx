import { GIFT_CARD_MAX_CENTS, GIFT_CARD_MIN_CENTS } from '@twinclean/shared/gift-cards';
import { formatShortDollars } from '@twinclean/shared/money';
import { type Ref, useId, useState } from 'react';
import { AMOUNT_CHOICES, type AmountChoice, choiceOf, typedDollars } from './amount';

const CHOICE =
  'flex h-12 cursor-pointer items-center justify-center rounded-md border border-slate-300 text-base font-semibold peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-brand-600 peer-focus-visible:outline-solid';

const RANGE = `${formatShortDollars(GIFT_CARD_MIN_CENTS)} to ${formatShortDollars(GIFT_CARD_MAX_CENTS)}, whole dollars`;

/**
 * The gift card's amount: $25, $50, $100, $200 with a tap, or "Other amount" typed in whole
 * dollars. The form holds the amount as the schema reads it; the box keeps what was typed, so
 * going back to "Other amount" finds it.
 */
export function AmountPicker(props: {
  value: string;
  onChange: (amount: string) => void;
  onBlur: () => void;
  /** The form's focus target when the amount is refused. */
  inputRef: Ref<HTMLInputElement>;
  error?: string;
}) {
  const id = useId();
  const [choice, setChoice] = useState<AmountChoice>(() => choiceOf(props.value));
  const [other, setOther] = useState(() => (choiceOf(props.value) === 'other' ? props.value : ''));
  const choose = (next: AmountChoice) => {
    setChoice(next);
    props.onChange(next === 'other' ? typedDollars(other) : next);
  };
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="grid gap-3"
      aria-invalid={props.error ? true : undefined}
      aria-describedby={props.error ? errorId : undefined}
    >
      <legend className="mb-2 text-sm font-medium text-slate-800">Amount</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {[...AMOUNT_CHOICES, 'other' as const].map((option, index) => (
          <label
            key={option}
            className={`relative ${option === 'other' ? 'col-span-2 sm:col-span-1' : ''}`}
          >
            <input
              type="radio"
              name={`${id}-amount`}
              value={option}
              checked={choice === option}
              onChange={() => choose(option)}
              onBlur={props.onBlur}
              ref={index === 0 && choice !== 'other' ? props.inputRef : undefined}
              className="peer sr-only"
            />
            <span className={CHOICE}>
              {option === 'other' ? 'Other amount' : formatShortDollars(Number(option) * 100)}
            </span>
          </label>
        ))}
      </div>
      {choice === 'other' && (
        <div className="grid gap-1.5 sm:max-w-60">
          <label htmlFor={`${id}-other`} className="text-sm font-medium text-slate-800">
            Other amount in dollars
          </label>
          <div className="flex items-center rounded-md border border-slate-300 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-100 has-[[aria-invalid]]:border-red-600">
            <span aria-hidden className="pl-3 text-slate-500">
              $
            </span>
            <input
              id={`${id}-other`}
              ref={props.inputRef}
              inputMode="numeric"
              autoComplete="off"
              value={other}
              onChange={(e) => {
                setOther(e.target.value);
                props.onChange(typedDollars(e.target.value));
              }}
              onBlur={props.onBlur}
              aria-invalid={props.error ? true : undefined}
              aria-describedby={`${id}-range${props.error ? ` ${errorId}` : ''}`}
              className="h-11 min-w-0 flex-1 rounded-md px-2 text-base outline-none"
            />
          </div>
          <p id={`${id}-range`} className="text-xs text-slate-500">
            {RANGE}
          </p>
        </div>
      )}
      {props.error && (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}
