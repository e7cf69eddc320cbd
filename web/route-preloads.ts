import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** dist/route-preloads.json (api/src/middleware/route-preloads.ts reads it). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

type Chunk = {
  fileName: string;
  imports: string[];
  moduleIds: string[];
  isEntry: boolean;
};

const ROUTE_ID = /createFileRoute\(\s*'([^']*)'\s*\)/;
// A route file's screen, split out by the router plugin (`…/index.tsx?tsr-split=component`).
const SPLIT_SCREEN = /\?tsr-split=([^&]*\b)?component\b/;

/**
 * Writes, for every route whose screen is split into chunks of its own, those chunks and the ones
 * they import: a page that arrives as the empty shell (a signed-in area, a link from an email)
 * would otherwise discover them in turn — the entry, then the route's chunk, then its imports —
 * each a round trip on a phone's network before the first screen. `data` names the API addresses
 * a route's first screen asks for (see signed-in-data.ts). The entry's own chunks come first: they
 * are the largest, and the browser should ask for them before the route's.
 */
export function routePreloads(data: Readonly<Record<string, readonly string[]>>): Plugin {
  return {
    name: 'twinclean:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Chunk>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output);
      }
      const closure = (file: string, into = new Set<string>()): Set<string> => {
        if (into.has(file)) return into;
        into.add(file);
        for (const imported of chunks.get(file)?.imports ?? []) closure(imported, into);
        return into;
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return;
      const startup = closure(entry.fileName);
      const routes = new Map<string, Set<string>>();
      for (const chunk of chunks.values()) {
        for (const id of chunk.moduleIds) {
          if (!SPLIT_SCREEN.test(id)) continue;
          const routeId = ROUTE_ID.exec(readFileSync(id.split('?')[0] as string, 'utf8'))?.[1];
          if (routeId === undefined) continue;
          const files = routes.get(routeId) ?? new Set();
          for (const file of closure(chunk.fileName)) if (!startup.has(file)) files.add(file);
          routes.set(routeId, files);
        }
      }
      for (const id of Object.keys(data)) {
        if (!routes.has(id)) this.error(`signed-in data names ${id}, which is no split route`);
      }
      const href = (file: string) => `/${file}`;
      const manifest = {
        entry: [entry.fileName, ...[...startup].filter((f) => f !== entry.fileName)].map(href),
        routes: [...routes].map(([id, files]) => ({
          id,
          modules: [...files].map(href),
          data: data[id] ?? [],
        })),
      };
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(manifest, null, 1)}\n`,
      });
    },
  };
}
