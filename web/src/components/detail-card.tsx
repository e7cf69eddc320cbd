import { type ReactNode, useId } from 'react';

/** One titled part of a page (a landmark a screen reader can jump to). */
export function DetailCard(props: {
  title: string;
  children: ReactNode;
  tone?: 'plain' | 'attention';
  /** Beside the title (a status badge). */
  aside?: ReactNode;
  className?: string;
}) {
  const id = useId();
  const tone = props.tone === 'attention' ? 'border-amber-300 bg-amber-50' : 'bg-white';
  return (
    <section
      aria-labelledby={id}
      className={`min-w-0 rounded-lg border p-5 shadow-sm ${tone} ${props.className ?? ''}`}
    >
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

/** A label and its value, or nothing when the fact does not apply. */
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
