import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useMatch } from '@tanstack/react-router';
import { ToastArea } from '@twinclean/shared/ui/toast-area';
import { NotFound } from '../components/not-found';
import { SiteLayout } from '../components/site-layout';

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
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}
