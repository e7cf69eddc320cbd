import { type PrepaidAnswer, prepaidFactLines } from './prepaid';

/** A booking's confirmation: the credit and gift card it spent, and what became of a referral. */
export function PrepaidFacts({ answer }: { answer: PrepaidAnswer | undefined }) {
  const lines = answer ? prepaidFactLines(answer) : [];
  if (lines.length === 0) return null;
  return (
    <ul className="grid gap-1 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
