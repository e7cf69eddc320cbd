import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The build's dist/route-preloads.json (web/route-preloads.ts writes it). */
const manifestSchema = z.object({
  entry: z.array(z.string()),
  routes: z.array(
    z.object({ id: z.string(), modules: z.array(z.string()), data: z.array(z.string()) }),
  ),
});
export type RoutePreloadManifest = z.infer<typeof manifestSchema>;

export function readRoutePreloads(root: string): RoutePreloadManifest | undefined {
  const file = path.join(root, 'route-preloads.json');
  if (!existsSync(file)) return undefined;
  return manifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

const segments = (p: string) => p.split('/').filter(Boolean);

const decoded = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/**
 * Whether a page's path opens a route (TanStack Router's ids): `$name` stands for one segment,
 * `$` for the rest, a `_`-led segment is a layout without a path, and an index route (its id
 * ends in `/`, the home page's too) is its parent's path exactly. A layout, or a page, matches
 * every path under it.
 */
export function routeMatches(id: string, pagePath: string): boolean {
  const wanted = segments(id).filter((s) => !s.startsWith('_'));
  const have = segments(pagePath);
  for (const [i, segment] of wanted.entries()) {
    if (segment === '$') return true;
    const actual = have[i];
    if (actual === undefined) return false;
    if (!segment.startsWith('$') && segment !== decoded(actual)) return false;
  }
  return id.endsWith('/') ? have.length === wanted.length : true;
}

/**
 * The Link header's entries for the empty shell at `pagePath`: the entry's scripts first (the
 * largest; the browser asks in this order), then every matched route's, then, when the browser
 * may be signed in, its first screen's API answers (fetched with credentials, as the app asks).
 */
export function shellPreloads(
  manifest: RoutePreloadManifest,
  pagePath: string,
  signedIn: boolean,
): string[] {
  const matched = manifest.routes.filter((r) => routeMatches(r.id, pagePath));
  const modules = new Set([...manifest.entry, ...matched.flatMap((r) => r.modules)]);
  const links = [...modules].map((href) => `<${href}>; rel=modulepreload`);
  if (signedIn) {
    for (const href of matched.flatMap((r) => r.data)) {
      links.push(`<${href}>; rel=preload; as=fetch; crossorigin=use-credentials`);
    }
  }
  return links;
}
