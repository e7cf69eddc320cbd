import { useEffect } from 'react';

/** The screen's heading, also the document title so history and screen readers name it. */
type PageTitleProps = { title: string; subtitle?: string; className?: string };

export function PageTitle({ title, subtitle, className = '' }: PageTitleProps) {
  useEffect(() => {
    document.title = `${title} · TwinClean Pro`;
  }, [title]);
  return (
    <header className="mb-4">
      <h1 className={`text-2xl font-bold ${className}`}>{title}</h1>
      {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
    </header>
  );
}
