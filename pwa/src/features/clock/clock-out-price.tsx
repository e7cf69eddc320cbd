import { useQuery } from '@tanstack/react-query';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { useId } from 'react';
import { approvalHint, clockOutPriceNote } from '../../lib/final-price-text';
import { finalPricePercentsQuery } from '../../lib/pricing-queries';
import type { OutboxEntry } from '../outbox/entry';

/**
 * The clock-out's optional final price (DECISIONS.md "Final price consent"), queued with the punch.
 * Empty, not the estimate: a price the provider did not type would be confirmed by a tap meant
 * for the clock, and left empty the office still confirms it; the hint gives the estimate.
 */
export function ClockOutPriceField({
  job,
  value,
  onChange,
  error,
}: {
  job: ProviderJob;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const id = useId();
  const percents = useQuery(finalPricePercentsQuery).data;
  const estimate = job.estimatedAmount ?? job.clientAmount;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Final price ($)
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        className="h-11 rounded-md border border-slate-300 px-3"
      />
      <p
        id={`${id}-hint`}
        role={error ? 'alert' : undefined}
        className={`text-xs ${error ? 'text-red-700' : 'text-slate-600'}`}
      >
        {error ??
          `Optional: the client's total, green cleaning included; left empty, the office confirms it. ${approvalHint(estimate, percents)}`}
      </p>
    </div>
  );
}

const toneClass = {
  info: 'text-sm text-slate-600',
  good: 'text-sm text-green-800',
  warn: 'rounded-md bg-amber-50 p-2 text-sm text-amber-900',
  bad: 'rounded-md bg-red-50 p-2 text-sm text-red-800',
};

/** What became of the final price a clock-out carried: kept on the job, never only a toast. */
export function ClockOutPriceNote({ entry }: { entry: OutboxEntry }) {
  const note = clockOutPriceNote(entry);
  if (!note) return null;
  return (
    <p role="status" className={toneClass[note.tone]}>
      {note.text}
    </p>
  );
}
