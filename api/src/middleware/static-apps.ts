import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { currentUserKey, SIGNED_IN_HINT } from '@twinclean/shared/current-user';
import type { Middleware } from 'koa';
import send from 'koa-send';
import { type RoutePreloadManifest, readRoutePreloads, shellPreloads } from './route-preloads';

export type StaticApp = {
  mount: string;
  root: string;
  /**
   * An API address the app's shell asks for first when the browser may be signed in (it holds the
   * signed-in hint): the browser fetches it beside the scripts instead of after them.
   */
  signedInPreload?: string;
};

/** The two built front ends, where `npm start` (and the benches' server) serve them. */
export const builtApps = (repoRoot: string): StaticApp[] => [
  { mount: '/', root: path.join(repoRoot, 'web/dist'), signedInPreload: currentUserKey[0] },
  { mount: '/provider', root: path.join(repoRoot, 'pwa/dist') },
];

// Hashed build output never changes; everything else (index.html, sw.js, the manifest)
// must be revalidated so a deploy reaches phones. An app's service worker may control the
// app's whole mount (/provider as well as /provider/…), above the folder it is served from.
const headersFor =
  (mount: string) =>
  (res: import('node:http').ServerResponse, file: string): void => {
    const hashed = file.includes(`${path.sep}assets${path.sep}`);
    res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (path.basename(file) === 'sw.js') res.setHeader('Service-Worker-Allowed', mount);
  };

/**
 * What the empty shell's Link header names: the page's scripts and, when the browser may be signed
 * in, the API answers its first screen asks for. A prerendered page names none: its scripts would
 * compete with its first paint for bandwidth.
 */
function shellLinks(
  app: StaticApp & { preloads: RoutePreloadManifest | undefined },
  pagePath: string,
  signedIn: boolean,
): string[] {
  // The app fetches these with credentials: a preload without them would not be used.
  const user =
    signedIn && app.signedInPreload
      ? [`<${app.signedInPreload}>; rel=preload; as=fetch; crossorigin=use-credentials`]
      : [];
  return [...user, ...(app.preloads ? shellPreloads(app.preloads, pagePath, signedIn) : [])];
}

/**
 * Which file answers a path no file matches. A prerendered app keeps its shell in spa.html
 * (index.html is the home page then), and a top-level folder's own spa.html (web's admin/, whose
 * frame differs) serves the paths beneath it.
 */
function shellsOf(root: string): (relative: string) => string {
  if (!existsSync(path.join(root, 'spa.html'))) return () => 'index.html';
  const folders = new Set(
    readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(root, entry.name, 'spa.html')))
      .map((entry) => entry.name),
  );
  return (relative) => {
    const folder = relative.split('/')[1] ?? '';
    return folders.has(folder) ? `${folder}/spa.html` : 'spa.html';
  };
}

/**
 * Serves built single-page apps: a file (or a prerendered page's folder) when one matches,
 * else the app's shell so client-side routing takes over. `/api` is never answered here.
 */
export function staticApps(apps: StaticApp[]): Middleware {
  const mounted = [...apps]
    .filter((app) => existsSync(path.join(app.root, 'index.html')))
    .sort((a, b) => b.mount.length - a.mount.length)
    .map((app) => ({
      ...app,
      shellFor: shellsOf(app.root),
      preloads: readRoutePreloads(app.root),
    }));
  return async (ctx, next) => {
    if (
      (ctx.method !== 'GET' && ctx.method !== 'HEAD') ||
      ctx.path.startsWith('/api/') ||
      ctx.path === '/api'
    ) {
      return next();
    }
    const app = mounted.find(
      (a) => a.mount === '/' || ctx.path === a.mount || ctx.path.startsWith(`${a.mount}/`),
    );
    if (!app) return next();
    const relative = app.mount === '/' ? ctx.path : ctx.path.slice(app.mount.length) || '/';
    const options = { root: app.root, setHeaders: headersFor(app.mount), index: 'index.html' };
    try {
      if (await send(ctx, relative === '/' ? 'index.html' : relative, options)) return;
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status !== 404 && status !== 400 && status !== 403) throw error;
    }
    // A missing asset is a 404, not the app shell.
    if (path.extname(relative)) return next();
    const links = shellLinks(app, relative, ctx.cookies.get(SIGNED_IN_HINT) === '1');
    if (links.length > 0) ctx.set('Link', links.join(', '));
    await send(ctx, app.shellFor(relative), options);
  };
}
