import { Link } from '@tanstack/react-router';
import { FREQUENCIES, FREQUENCY_LABELS, type Frequency } from '@twinclean/shared/series';
import { useId } from 'react';

/** Where a guest signs in to come back to this form. */
const loginHref = (returnTo: string) => `/login?redirect=${encodeURIComponent(returnTo)}`;

/**
 * The Schedule step's "How often?" (issue 31). A signed-in client chooses one time or a series;
 * each series choice says its discount (a member keeps the member rate instead). A guest books
 * one time only. A series needs a saved card: without one, the way to add it, keeping the form.
 */
export function HowOften(props: {
  value: Frequency;
  onChange: (frequency: Frequency) => void;
  signedIn: boolean;
  member: boolean;
  /** The series discount of a frequency for this client, in percent (0 for a member). */
  discountPercent: (frequency: Frequency) => number;
  /** The client has no saved card (undefined while unknown). */
  cardMissing: boolean | undefined;
  /** The page to come back to after signing in. */
  returnTo: string;
  error?: string;
}) {
  const { value, signedIn } = props;
  const errorId = useId();
  const choices = signedIn ? FREQUENCIES : (['once'] as const);
  const note = (frequency: Frequency) => {
    if (frequency === 'once') return null;
    if (props.member) return 'Member rate';
    const percent = props.discountPercent(frequency);
    return percent > 0 ? `Save ${percent}% on each visit` : null;
  };
  return (
    <fieldset
      className="grid gap-2"
      aria-invalid={props.error ? true : undefined}
      aria-describedby={props.error ? errorId : undefined}
    >
      <legend className="mb-2 text-sm font-medium text-slate-800">How often?</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((frequency) => (
          <label key={frequency} className="relative">
            <input
              type="radio"
              name="frequency"
              value={frequency}
              checked={value === frequency}
              onChange={() => props.onChange(frequency)}
              className="peer sr-only"
            />
            <span className="flex h-full cursor-pointer items-center justify-between gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-brand-600 peer-focus-visible:outline-solid">
              {FREQUENCY_LABELS[frequency]}
              {note(frequency) && <span className="text-xs font-normal">{note(frequency)}</span>}
            </span>
          </label>
        ))}
      </div>
      {!signedIn && (
        <p className="text-sm text-slate-600">
          <a
            href={loginHref(props.returnTo)}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Sign in to book a recurring cleaning.
          </a>
        </p>
      )}
      {value !== 'once' && props.cardMissing && (
        <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          A recurring booking needs a saved card: each visit is charged to it 12 hours before.{' '}
          <Link
            to="/client/payment-methods"
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            Add a card
          </Link>
          , then come back to this page: what you entered is kept.
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
