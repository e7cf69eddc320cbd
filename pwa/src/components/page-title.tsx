import { useEffect } from 'react';

/** The screen's heading, also the document title so history and screen readers name it. */
type PageTitleProps = { title: string; subtitle?: string };

/** Focus lands here (tabIndex -1) when the control that had it disappears. */
export function PageTitle({ title, subtitle }: PageTitleProps) {
  useEffect(() => {
    document.title = `${title} · TwinClean Pro`;
  }, [title]);
  return (
    <header className="mb-4">
      <h1 tabIndex={-1} className="text-2xl font-bold outline-none">
        {title}
      </h1>
      {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
    </header>
  );
}
