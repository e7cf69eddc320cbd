import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import { Toaster } from '@twinclean/shared/ui/toaster';
import { Briefcase, LayoutDashboard, Wallet } from 'lucide-react';
import { requireProvider } from '../features/session';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  beforeLoad: async ({ context }) => ({ user: await requireProvider(context.queryClient) }),
  pendingComponent: () => (
    <p role="status" className="py-16 text-center text-slate-600">
      Loading…
    </p>
  ),
  component: AppShell,
  notFoundComponent: NotFound,
});

const tabs = [
  { to: '/', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/job-board', label: 'Job Board', Icon: Briefcase },
  { to: '/payouts', label: 'Payouts', Icon: Wallet },
] as const;

/** The phone layout: a header, the screen, and the bottom navigation. */
function AppShell() {
  return (
    <div className="mx-auto flex min-h-screen max-w-lg flex-col bg-white shadow-sm">
      <header className="sticky top-0 z-20 flex h-14 items-center bg-brand-700 px-4 text-white">
        <span className="text-lg font-semibold">TwinClean Pro</span>
      </header>
      <main id="main" className="flex-1 px-4 pb-24 pt-4">
        <Outlet />
      </main>
      <nav
        aria-label="Provider"
        className="fixed inset-x-0 bottom-0 z-20 mx-auto max-w-lg border-t bg-white pb-[env(safe-area-inset-bottom)]"
      >
        <ul className="grid grid-cols-3">
          {tabs.map(({ to, label, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                activeOptions={{ exact: to === '/' }}
                className="flex flex-col items-center gap-1 py-2 text-xs font-medium text-slate-600 aria-[current=page]:text-brand-700"
              >
                <Icon className="size-5" aria-hidden />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Toaster />
    </div>
  );
}

function NotFound() {
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-bold">Not Found</h1>
      <p className="mt-2 text-slate-600">This screen does not exist in the provider app.</p>
      <Link
        to="/"
        className="mt-6 inline-block rounded-md bg-brand-700 px-4 py-2 font-medium text-white"
      >
        Back to dashboard
      </Link>
    </section>
  );
}
