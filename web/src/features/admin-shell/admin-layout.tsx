import { Link, useLocation } from '@tanstack/react-router';
import type { CurrentUser } from '@twinclean/shared/auth';
import { Sheet } from '@twinclean/shared/ui/sheet';
import { PanelLeft } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { navFor } from './nav';
import { SidebarNav } from './sidebar-nav';
import { useSidebar } from './sidebar-state';

const SIDEBAR_ID = 'admin-sidebar';

function Brand({ collapsed }: { collapsed: boolean }) {
  return (
    <div
      className={`flex h-14 shrink-0 items-center border-b ${collapsed ? 'justify-center' : 'px-3'}`}
    >
      <Link
        to="/admin"
        className={`truncate font-bold tracking-tight text-brand-700 ${collapsed ? 'text-sm' : 'text-lg'}`}
      >
        {collapsed ? (
          <>
            <span aria-hidden>TC</span>
            <span className="sr-only">TwinClean Admin</span>
          </>
        ) : (
          'TwinClean Admin'
        )}
      </Link>
    </div>
  );
}

/**
 * Spec 2 "Admin shell": a left sidebar (16rem, 3rem collapsed; a sheet under 768 px) beside a
 * header with the admin's name and Logout, around the admin page.
 */
export function AdminLayout({
  user,
  children,
}: {
  user: Pick<CurrentUser, 'firstName' | 'lastName' | 'role'>;
  children: ReactNode;
}) {
  const { mobile, open, sheetOpen, setSheetOpen, toggle } = useSidebar();
  const groups = navFor(user.role === 'admin_owner');
  const { pathname } = useLocation();
  // A link followed from the sheet (or the back button) closes it.
  useEffect(() => {
    if (pathname) setSheetOpen(false);
  }, [pathname, setSheetOpen]);

  return (
    <div className="flex min-h-screen bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to main content
      </a>
      {mobile ? (
        <Sheet open={sheetOpen} onOpenChange={setSheetOpen} title="Admin menu">
          <div id={SIDEBAR_ID} className="flex min-h-0 flex-1 flex-col">
            <Brand collapsed={false} />
            <SidebarNav groups={groups} collapsed={false} onNavigate={() => setSheetOpen(false)} />
          </div>
        </Sheet>
      ) : (
        <aside
          id={SIDEBAR_ID}
          aria-label="Sidebar"
          data-state={open ? 'expanded' : 'collapsed'}
          // Hidden by CSS too under 768 px: the page is laid out right before the script hears
          // of a narrower window (a phone's first paint, a rotated or resized window).
          className={`sticky top-0 hidden h-screen shrink-0 md:flex flex-col border-r bg-white transition-[width] duration-200 ${
            open ? 'w-64' : 'w-12'
          }`}
        >
          <Brand collapsed={!open} />
          <SidebarNav groups={groups} collapsed={!open} />
        </aside>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-14 items-center justify-between gap-3 border-b bg-white px-4">
          <button
            type="button"
            onClick={toggle}
            aria-label="Toggle Sidebar"
            aria-controls={mobile && !sheetOpen ? undefined : SIDEBAR_ID}
            aria-expanded={mobile ? sheetOpen : open}
            title="Toggle Sidebar (Ctrl+B)"
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <PanelLeft className="size-5" aria-hidden />
          </button>
          <div className="flex items-center gap-3 text-sm">
            <span className="font-medium text-slate-800">
              {user.firstName} {user.lastName}
            </span>
            <button
              type="button"
              onClick={() => window.location.assign('/api/logout')}
              className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium hover:bg-slate-50"
            >
              Logout
            </button>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}
