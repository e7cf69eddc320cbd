import type { ReactNode } from 'react';

const tones = {
  neutral: 'border-slate-300 bg-slate-100 text-slate-800',
  brand: 'border-brand-700 bg-brand-50 text-brand-800',
  success: 'border-green-700 bg-green-50 text-green-800',
  warning: 'border-amber-700 bg-amber-50 text-amber-900',
  danger: 'border-red-700 bg-red-50 text-red-800',
};
export type BadgeTone = keyof typeof tones;

/** A short label in a pill (a status, a plan). Colours pass WCAG AA contrast on their tint. */
export function Badge({
  tone = 'neutral',
  className = '',
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tones[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
