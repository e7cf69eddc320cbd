import { type ReactNode, useId } from 'react';

/** One titled part of the page: a landmark a screen reader can jump to. */
export function SectionCard(props: {
  title: string;
  children: ReactNode;
  tone?: 'plain' | 'attention';
  /** Beside the title (a status badge). */
  aside?: ReactNode;
}) {
  const id = useId();
  const tone = props.tone === 'attention' ? 'border-amber-300 bg-amber-50' : 'bg-white';
  return (
    <section aria-labelledby={id} className={`min-w-0 rounded-lg border p-5 shadow-sm ${tone}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {props.title}
        </h2>
        {props.aside}
      </div>
      <div className="mt-3">{props.children}</div>
    </section>
  );
}

export type FactRow = readonly [string, ReactNode] | false | null | undefined;

/** Label and value pairs, stacked on a phone and side by side from a small tablet up. */
export function Facts({ rows }: { rows: readonly FactRow[] }) {
  return (
    <dl className="grid gap-2 text-sm">
      {rows
        .filter((row): row is readonly [string, ReactNode] => Boolean(row))
        .map(([label, value]) => (
          <div key={label} className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="min-w-0 break-words font-medium">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** Why an action is not open now, said where its button would be. */
export function Unavailable({ reason }: { reason: string }) {
  return <p className="text-sm text-slate-600">{reason}</p>;
}

/** A failed request's message, kept beside the form that sent it (the toast goes away). */
export function Failure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  );
}
