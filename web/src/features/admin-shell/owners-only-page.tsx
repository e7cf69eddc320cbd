import { Link } from '@tanstack/react-router';
import { usePageMeta } from '../../components/page-meta';

/**
 * What admin_staff see on a page that is admin_owner's alone (DECISIONS.md "Roles"): the page
 * exists, inside the shell they work in, and says whose it is; the API refuses them its data.
 */
export function OwnersOnlyPage({ title }: { title: string }) {
  usePageMeta(`${title} | TwinClean Admin`, `TwinClean admin: ${title}, for owners only.`);
  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-4 max-w-2xl rounded-lg border border-slate-300 bg-white p-5 text-slate-700">
        <p className="font-medium text-slate-900">{title} is for owners only.</p>
        <p className="mt-2">
          Your staff account cannot open it. If something here needs changing, ask an owner.
        </p>
        <Link
          to="/admin"
          className="mt-4 inline-block rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
        >
          Back to Dashboard
        </Link>
      </div>
    </div>
  );
}
