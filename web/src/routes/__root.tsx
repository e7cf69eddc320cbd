import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useMatch } from '@tanstack/react-router';
import { ToastArea } from '@twinclean/shared/ui/toast-area';
import { NotFound } from '../components/not-found';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  // The admin area brings its own shell (skip link, header, sidebar): not the public site's,
  // not even while its guard runs. Refused (another role's not-found page), it is the site's.
  const admin = useMatch({ from: '/admin', shouldThrow: false });
  if (admin && admin.status !== 'notFound' && admin.status !== 'error') {
    return (
      <>
        <Outlet />
        <ToastArea alwaysRendered />
      </>
    );
  }
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <ToastArea alwaysRendered />
    </div>
  );
}
