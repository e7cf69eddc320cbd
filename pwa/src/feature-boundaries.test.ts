import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The provider app's rooms (README "Where the provider app's code lives"; STYLE.md "No feature
// imports another feature"), each rule over every import, static, lazy or type-only:
// 1. components/ and lib/ import no feature: what two features share lives there.
// 2. Features import each other one way: no cycle among features/<name>/ folders. A page that
//    composes others (the job page shows the clock, photos and the outbox's punches) imports
//    them; none of them imports it back.
// 3. No module reaches itself through its imports (no import loop between files).
// 4. A route file only declares its route: from features/ it imports the page it renders and
//    that page's loader (`*-page.tsx`, `*-loader.ts`), of one feature.
// 5. One module opens the outbox's database: only features/outbox/storage.ts imports Dexie, and
//    only the outbox imports that module.

const SRC = import.meta.dirname;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*)'([^']+)'/g;
const STORAGE = path.join(SRC, 'features', 'outbox', 'storage.ts');

type Source = { file: string; text: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** features/<name> for a feature's file, else its top folder (components, lib, routes) or file. */
function roomOf(file: string): string {
  const [top, second] = rel(file).split('/');
  return top === 'features' && second ? `features/${second}` : (top ?? '');
}

type Import = { from: string; to: string };

/** Every import of the files: a relative one resolved to its file, a package by its name. */
function importsOf(files: Source[]): Import[] {
  const known = new Set(files.map((f) => f.file));
  const resolve = (from: string, specifier: string) => {
    if (!specifier.startsWith('.')) return specifier;
    const base = path.resolve(path.dirname(from), specifier);
    const found = [base, `${base}.ts`, `${base}.tsx`].find((candidate) => known.has(candidate));
    return found ?? base;
  };
  return files.flatMap(({ file, text }) =>
    [...text.matchAll(SPECIFIER)].map((match) => ({
      from: file,
      to: resolve(file, match[1] as string),
    })),
  );
}

/** The groups of nodes that reach one another (Tarjan), each sorted, those of two or more. */
function cycles(edges: [string, string][]): string[][] {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) next.set(a, [...(next.get(a) ?? []), b]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

const isFeature = (room: string) => room.startsWith('features/');
const isRelative = (to: string) => path.isAbsolute(to);

/** Every breach of the rules above, one line each. */
function breaches(files: Source[]): string[] {
  const imports = importsOf(files);
  const local = imports.filter(({ to }) => isRelative(to));
  const found: string[] = [];

  // 1. components/ and lib/ import no feature.
  for (const { from, to } of local) {
    const room = roomOf(from);
    if ((room === 'components' || room === 'lib') && isFeature(roomOf(to))) {
      found.push(`${rel(from)} imports ${rel(to)}: ${room}/ imports no feature`);
    }
  }

  // 2. Features import each other one way.
  const featureEdges = local
    .map(({ from, to }) => [roomOf(from), roomOf(to)] as [string, string])
    .filter(([a, b]) => isFeature(a) && isFeature(b) && a !== b);
  for (const group of cycles(featureEdges)) {
    found.push(`features import each other in a cycle: ${group.join(', ')}`);
  }

  // 3. No import loop between files.
  for (const group of cycles(local.map(({ from, to }) => [from, to]))) {
    found.push(`import loop: ${group.map(rel).join(', ')}`);
  }

  // 4. A route imports its page and loader, of one feature.
  for (const { file } of files.filter((f) => roomOf(f.file) === 'routes')) {
    const reached = local.filter(({ from, to }) => from === file && isFeature(roomOf(to)));
    for (const { to } of reached) {
      if (!/-(page\.tsx|loader\.ts)$/.test(to)) {
        found.push(`${rel(file)} imports ${rel(to)}: a route imports only a page and its loader`);
      }
    }
    const rooms = [...new Set(reached.map(({ to }) => roomOf(to)))].sort();
    if (rooms.length > 1) found.push(`${rel(file)} imports ${rooms.join(' and ')}: one feature`);
  }

  // 5. One module opens the outbox's database.
  for (const { from, to } of imports) {
    if ((to === 'dexie' || to.startsWith('dexie/')) && from !== STORAGE) {
      found.push(`${rel(from)} imports Dexie: only ${rel(STORAGE)} does`);
    }
    if (to === STORAGE && roomOf(from) !== 'features/outbox') {
      found.push(`${rel(from)} imports ${rel(STORAGE)}: only the outbox does`);
    }
  }
  return found;
}

const at = (file: string, text: string): Source => ({ file: path.join(SRC, file), text });

describe('the provider app’s boundaries', () => {
  it('finds every kind of breach, static, lazy or type-only, and passes what keeps the rules', () => {
    const fixture = [
      at('components/card.tsx', "import { jobsQuery } from '../features/jobs/job-queries';"),
      at('lib/helper.ts', "import type { OutboxEntry } from '../features/outbox/entry';"),
      at('features/jobs/job-queries.ts', "import { lib } from '../../lib/helper';"),
      at('features/jobs/a.ts', "import { B } from '../clock/b';"),
      at('features/clock/b.ts', "const A = lazy(() => import('../jobs/a'));"),
      at('features/outbox/x.ts', "import { y } from './y';"),
      at('features/outbox/y.ts', "import type { X } from './x';"),
      at('features/outbox/entry.ts', ''),
      at('features/jobs/job-page.tsx', "import { ClockPanel } from '../clock/clock-panel';"),
      at('features/clock/clock-panel.tsx', "import { entries } from '../outbox/use-outbox';"),
      at('features/outbox/use-outbox.ts', "const storage = () => import('./storage');"),
      at('features/clock/clock-loader.ts', ''),
      at(
        'routes/jobs.tsx',
        [
          "import { JobPage } from '../features/jobs/job-page';",
          "import { jobsQuery } from '../features/jobs/job-queries';",
          "import { clockLoader } from '../features/clock/clock-loader';",
          "import { Spinner } from '@twinclean/shared/ui/spinner';",
        ].join('\n'),
      ),
      at('routes/payouts.tsx', "import { PayoutsPage } from '../features/payouts/payouts-page';"),
      at(
        'features/photos/p.ts',
        "import Dexie from 'dexie';\nimport { getEntry } from '../outbox/storage';",
      ),
      at('features/outbox/storage.ts', "import Dexie, { liveQuery } from 'dexie';"),
      at(
        'features/payouts/payouts-page.tsx',
        "import { providerKeys } from '../../lib/query-keys';\nimport { Card } from '../../components/card';\nimport { jobsQuery } from '../jobs/job-queries';",
      ),
    ];
    expect(breaches(fixture)).toEqual([
      'components/card.tsx imports features/jobs/job-queries.ts: components/ imports no feature',
      'lib/helper.ts imports features/outbox/entry.ts: lib/ imports no feature',
      'features import each other in a cycle: features/clock, features/jobs',
      'import loop: features/clock/b.ts, features/jobs/a.ts',
      'import loop: features/outbox/x.ts, features/outbox/y.ts',
      'routes/jobs.tsx imports features/jobs/job-queries.ts: a route imports only a page and its loader',
      'routes/jobs.tsx imports features/clock and features/jobs: one feature',
      'features/photos/p.ts imports Dexie: only features/outbox/storage.ts does',
      'features/photos/p.ts imports features/outbox/storage.ts: only the outbox does',
    ]);
  });

  it('hold for the whole app', () => {
    const files = sourceFiles(SRC)
      .filter((file) => file !== import.meta.filename)
      .map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    expect(files.length).toBeGreaterThan(80);
    // Not vacuous: the storage module is where Dexie is, and features do use one another.
    const imports = importsOf(files);
    expect(imports).toContainEqual({ from: STORAGE, to: 'dexie' });
    expect(
      imports.some(
        ({ from, to }) => roomOf(from) === 'features/jobs' && roomOf(to) === 'features/clock',
      ),
    ).toBe(true);
    expect(breaches(files)).toEqual([]);
  });
});
