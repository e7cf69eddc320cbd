// After `vite build`: renders the public pages to static HTML so they paint before any script
// runs. dist/spa.html is the shell for every other path (signed-in areas, 404s), with the frame
// the app shows first; a folder's own spa.html (dist/admin/) serves the paths beneath it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
const ssrOut = path.join(root, 'dist-ssr');

export const PRERENDERED = [
  '/',
  '/services',
  '/about',
  '/careers',
  '/help',
  '/cleaning-tips',
  '/articles',
  '/privacy',
  '/gift-cards',
  '/book',
  '/book/house',
  '/book/carpet',
  '/book/laundry',
  '/book/dry-cleaning',
  '/booking',
  // Its id arrives in the query and is read once the app runs; the page around it is static.
  '/booking/confirmation',
  '/login',
];

const escapeAttr = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export async function prerender(): Promise<void> {
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: path.join(root, 'src/entry-server.tsx'),
      outDir: ssrOut,
      emptyOutDir: true,
      sourcemap: false,
    },
  });
  const { render, renderShellFrames } = (await import(
    pathToFileURL(path.join(ssrOut, 'entry-server.js')).href
  )) as {
    render: (url: string) => Promise<{ html: string; title?: string; description?: string }>;
    renderShellFrames: () => { site: string; admin: string };
  };
  // Inline the (small) stylesheet so a page paints without waiting for any request.
  const built = readFileSync(path.join(dist, 'index.html'), 'utf8').replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/,
    (_tag, href: string) => `<style>${readFileSync(path.join(dist, href), 'utf8')}</style>`,
  );
  const frames = renderShellFrames();
  // The shell's first screen runs every script the entry imports: they stay named in its head.
  const shell = (frame: string, file: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, built.replace('<div id="root"></div>', `<div id="root">${frame}</div>`));
  };
  shell(frames.site, path.join(dist, 'spa.html'));
  shell(frames.admin, path.join(dist, 'admin', 'spa.html'));
  // A prerendered page paints with no script; its scripts' imports can wait for the entry.
  const template = built.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  for (const url of PRERENDERED) {
    const page = await render(url);
    // The router's inline scripts serve hydration, which we don't do, and the CSP forbids them.
    const markup = page.html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
    let html = template.replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered>${markup}</div>`,
    );
    if (page.title)
      html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeAttr(page.title)}</title>`);
    if (page.description) {
      html = html.replace(
        /(<meta\s+name="description"\s+content=")[^"]*(")/,
        `$1${escapeAttr(page.description)}$2`,
      );
    }
    const file = url === '/' ? path.join(dist, 'index.html') : path.join(dist, url, 'index.html');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
  }
  rmSync(ssrOut, { recursive: true, force: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await prerender();
}
