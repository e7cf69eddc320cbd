import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../components/page-meta';

export const Route = createFileRoute('/admin/')({ component: AdminHome });

function AdminHome() {
  usePageMeta('Admin | TwinClean', 'TwinClean operations.');
  const { user } = Route.useRouteContext();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
        <div className="flex items-center gap-3 text-sm">
          <span>
            {user.firstName} {user.lastName}
          </span>
          <a
            href="/api/logout"
            className="rounded-md border px-3 py-1.5 font-medium hover:bg-slate-50"
          >
            Logout
          </a>
        </div>
      </header>
    </section>
  );
}
