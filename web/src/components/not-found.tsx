import { Link } from '@tanstack/react-router';
import { usePageMeta } from './page-meta';

export function NotFound() {
  usePageMeta('404 Page Not Found | TwinClean', 'This page does not exist.');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="mt-4 text-slate-600">
        Did you forget to add the page to the router? Nothing is registered at{' '}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">
          {window.location.pathname}
        </code>
        .
      </p>
      <Link
        to="/"
        className="mt-8 rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
      >
        Back to home
      </Link>
    </section>
  );
}
