import type { ReactNode } from 'react';

/**
 * A list page's totals above its table: a named region of figures, each with a line saying what
 * it counts; two to a row on a phone.
 */
export function Totals(props: { label: string; children: ReactNode }) {
  return (
    <section aria-label={props.label}>
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">{props.children}</dl>
    </section>
  );
}

export function Total(props: { label: string; value: string; note: string }) {
  return (
    <div className="min-w-0 rounded-lg border bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{props.label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums text-slate-900 [overflow-wrap:anywhere] sm:text-2xl">
        {props.value}
      </dd>
      <dd className="mt-1 text-xs text-slate-600">{props.note}</dd>
    </div>
  );
}
