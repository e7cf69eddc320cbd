import type { ReactNode } from 'react';

export function PageHero({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-16 md:py-24">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight md:text-5xl">{title}</h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-700">{lead}</p>
        {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
      </div>
    </section>
  );
}

export function Section({
  id,
  title,
  lead,
  children,
  tone = 'white',
}: {
  id?: string;
  title: string;
  lead?: string;
  children: ReactNode;
  tone?: 'white' | 'tint';
}) {
  return (
    <section id={id} className={`scroll-mt-20 ${tone === 'tint' ? 'bg-slate-50' : ''}`}>
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 className="text-3xl font-bold tracking-tight">{title}</h2>
        {lead && <p className="mt-3 max-w-3xl text-slate-700">{lead}</p>}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}

export const primaryLink =
  'rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800';
export const secondaryLink =
  'rounded-md border border-brand-700 px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50';

/** A price that comes from the pricing config, with a quiet placeholder while it loads. */
export function Price({ value }: { value: string | number | undefined }) {
  return value === undefined ? <span className="text-slate-400">…</span> : value;
}
