// Used only by the build (web/prerender.ts): renders one public page to HTML.
import { createMemoryHistory } from '@tanstack/react-router';
import { createQueryClient } from '@twinclean/shared/http';
import { renderToString } from 'react-dom/server';
import { App, createAppRouter } from './app';
import { takePageMeta } from './components/page-meta';

export async function render(
  url: string,
): Promise<{ html: string; title?: string; description?: string }> {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  const html = renderToString(<App queryClient={queryClient} router={router} />);
  return { html, ...takePageMeta() };
}
