// Used only by the build (web/prerender.ts): renders the public pages and the shells' frames.
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { createQueryClient } from '@twinclean/shared/http';
import { Spinner } from '@twinclean/shared/ui/spinner';
import { ToastArea } from '@twinclean/shared/ui/toast-area';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { App, createAppRouter } from './app';
import { takePageMeta } from './components/page-meta';
import { SiteLayout } from './components/site-layout';

export async function render(
  url: string,
): Promise<{ html: string; title?: string; description?: string }> {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  const html = renderToString(<App queryClient={queryClient} router={router} />);
  return { html, ...takePageMeta() };
}

/**
 * What a page that is not prerendered (a signed-in area, a link from an e-mail, a 404) shows
 * until the app runs: what the app's first render shows while the route's guard asks who is
 * signed in (RootLayout around the guard's spinner). The admin area brings its own shell, so its
 * frame is the spinner alone. The header's account part waits for the session, as in the app.
 */
export function renderShellFrames(): { site: string; admin: string } {
  const frame = (children: ReactNode) =>
    renderToString(
      <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>,
    );
  return {
    site: frame(
      <SiteLayout>
        <Spinner />
      </SiteLayout>,
    ),
    admin: frame(
      <>
        <Spinner />
        <ToastArea alwaysRendered />
      </>,
    ),
  };
}
