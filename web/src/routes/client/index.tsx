import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../components/page-meta';

export const Route = createFileRoute('/client/')({ component: ClientHome });

function ClientHome() {
  usePageMeta('My Account | TwinClean', 'Your TwinClean bookings, subscription and payments.');
  const { user } = Route.useRouteContext();
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Welcome back, {user.firstName}!</h1>
          <p className="mt-1 text-slate-600">Manage your cleanings and account.</p>
        </div>
        <div className="flex gap-3">
          <a
            href="/book"
            className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            New Booking
          </a>
          <a
            href="/api/logout"
            className="rounded-md border px-4 py-2 font-medium hover:bg-slate-50"
          >
            Sign Out
          </a>
        </div>
      </div>
    </section>
  );
}
