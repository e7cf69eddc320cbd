import type { ReactNode } from 'react';
import { usePageMeta } from '../../components/page-meta';

/**
 * Spec 2 "Other admin pages": pages whose behaviour the spec does not show yet say what they
 * will hold, so the sidebar never leads to a not-found page.
 */
export function PlaceholderPage({ title, children }: { title: string; children: ReactNode }) {
  usePageMeta(`${title} | TwinClean Admin`, `TwinClean admin: ${title}.`);
  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 max-w-2xl rounded-lg border border-dashed border-slate-300 bg-white p-5 text-slate-700">
        {children}
      </p>
    </div>
  );
}
