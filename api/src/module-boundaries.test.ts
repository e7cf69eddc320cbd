import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './test/source-files';

// Issue 28's rooms: modules under modules/ import each other one way only — no cycle, of two
// modules or of more — http/ (the edge every route goes through) and core/ (what many modules
// share) import no module, and only admin modules import admin modules. A reaction that would
// need the other way (a payment recorded → a membership settled) is a hook wired in api-routes.ts.

const SRC = import.meta.dirname;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*)'([^']+)'/g;

type Source = { file: string; text: string };

/** A file's room: a module's name, or the top folder of api/src it is in (http, db, …). */
function roomOf(file: string): { name: string; module: boolean } {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts[0] === 'modules') return { name: parts[1] as string, module: true };
  return { name: parts.length > 1 ? (parts[0] as string) : '(root)', module: false };
}

/**
 * Every "from -> to" into a module from another room, from the relative imports of `files`;
 * a link from outside modules/ is marked "outside:".
 */
function links(files: Source[]): Set<string> {
  const found = new Set<string>();
  for (const { file, text } of files) {
    const from = roomOf(file);
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[1] as string;
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(SRC + path.sep)) continue;
      const to = roomOf(target);
      if (to.name === from.name || !to.module) continue;
      found.add(`${from.module ? '' : 'outside:'}${from.name} -> ${to.name}`);
    }
  }
  return found;
}

/**
 * The modules that reach each other through imports (Tarjan's strongly connected components of
 * more than one module), each group named by its members in order.
 */
function cycles(edges: [string, string][]): string[] {
  const next = new Map<string, string[]>();
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) visit(to);
      if (stack.includes(to))
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = stack.splice(stack.indexOf(node));
    if (group.length > 1) groups.push(group.sort().join(' <-> '));
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return groups.sort();
}

function breaches(files: Source[]) {
  const all = [...links(files)];
  const between = all.filter((link) => !link.startsWith('outside:'));
  const cycle = cycles(between.map((link) => link.split(' -> ') as [string, string]));
  const http = all
    .filter((link) => /^outside:(http|core) ->/.test(link))
    .map((link) => link.slice('outside:'.length))
    .sort();
  const admin = between
    .filter((link) => {
      const [from, to] = link.split(' -> ') as [string, string];
      return to.startsWith('admin') && !from.startsWith('admin');
    })
    .sort();
  return { cycles: cycle, http, admin };
}

describe('API module boundaries', () => {
  it('finds a cycle of two modules and of three, a module imported by http/ or core/, and an admin module imported by another', () => {
    const at = (file: string) => path.join(SRC, file);
    expect(
      breaches([
        { file: at('modules/a/x.ts'), text: "import { b } from '../b/y';" },
        { file: at('modules/b/y.ts'), text: "const a = await import('../a/x');" },
        {
          file: at('modules/c/z.ts'),
          text: "import { b } from '../b/y';\nimport { w } from './w';",
        },
        { file: at('http/route.ts'), text: "import { a } from '../modules/a/x';" },
        { file: at('core/html.ts'), text: "import { c } from '../modules/c/z';" },
        { file: at('db/locks.ts'), text: "import { c } from '../modules/c/z';" },
        { file: at('modules/d/d.ts'), text: "import { audit } from '../admin-x/audit';" },
        { file: at('modules/admin-y/e.ts'), text: "import { audit } from '../admin-x/audit';" },
        { file: at('modules/p/p.ts'), text: "import { q } from '../q/q';" },
        { file: at('modules/q/q.ts'), text: "import { r } from '../r/r';" },
        {
          file: at('modules/r/r.ts'),
          text: "import { p } from '../p/p';\nimport { a } from '../a/x';",
        },
      ]),
    ).toEqual({
      cycles: ['a <-> b', 'p <-> q <-> r'],
      http: ['core -> c', 'http -> a'],
      admin: ['d -> admin-x'],
    });
  });

  it('has no cycle between modules, no module imported by http/ or core/, no admin module imported by another', () => {
    const files = sourceFiles(SRC).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    expect(files.length).toBeGreaterThan(150);
    expect(breaches(files)).toEqual({ cycles: [], http: [], admin: [] });
  });
});
