import { type ErrorComponentProps, Link, Outlet, useRouteContext } from '@tanstack/react-router';
import type { CurrentUser } from '@twinclean/shared/auth';
import { ToastArea } from '@twinclean/shared/ui/toast-area';
import { Briefcase, LayoutDashboard, Wallet } from 'lucide-react';
import { useEffect } from 'react';
import { SyncStatus } from '../outbox/sync-status';
import { UpdatePrompt } from '../outbox/update-prompt';
import { useOutboxSync } from '../outbox/use-outbox-sync';

// The root route's screens: the signed-in provider's shell around every screen, and what shows
// instead when there is no such screen or the app cannot start.

const tabs = [
  { to: '/', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/job-board', label: 'Job Board', Icon: Briefcase },
  { to: '/payouts', label: 'Payouts', Icon: Wallet },
] as const;

/** The phone layout: a header, the screen, and the bottom navigation. */
export function AppShell() {
  // A signed-in user of another role has no user here: the root's Not Found shows instead.
  const { user } = useRouteContext({ from: '__root__' }) as { user?: CurrentUser };
  return user ? <ProviderShell user={user} /> : <NotFound />;
}

function ProviderShell({ user }: { user: CurrentUser }) {
  useOutboxSync(user.id);
  useEffect(() => {
    // Ask the browser not to evict the outbox and saved data when the phone runs low on space.
    void navigator.storage?.persist?.().catch(() => {});
  }, []);
  return (
    <div className="mx-auto flex min-h-screen max-w-lg flex-col bg-white shadow-sm">
      <header className="sticky top-0 z-20 flex h-14 items-center gap-2 bg-brand-700 px-4 text-white">
        <span className="text-lg font-semibold">TwinClean Pro</span>
        <SyncStatus providerId={user.id} />
      </header>
      <UpdatePrompt providerId={user.id} />
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
      {/* Below the header, clear of the sync badge; none until the first toast. */}
      <ToastArea phoneTop="top-14" alwaysRendered={false} />
    </div>
  );
}

/** Offline before this phone ever opened the app online: nothing saved to show yet. */
export function StartFailed({ error }: ErrorComponentProps) {
  return (
    <section className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Can't open the app</h1>
      <p className="mt-2 text-slate-600">
        Connect to the internet once to sign in; after that the app opens offline too.
      </p>
      <p className="mt-2 text-xs text-slate-500">{error instanceof Error ? error.message : null}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-md bg-brand-700 px-4 py-2 font-medium text-white"
      >
        Try again
      </button>
    </section>
  );
}

export function NotFound() {
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
