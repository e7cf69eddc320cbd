import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 28's rooms: modules under modules/ never import each other both ways, http/ (the edge
// every route goes through) and core/ (what many modules share) import no module, and only admin
// modules import admin modules.
// Today's breaches are listed below, so that no new one can come in; each one removed must leave
// its list too, until the lists are empty.

const SRC = import.meta.dirname;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*)'([^']+)'/g;

/** Known two-way module pairs, to be taken apart (issue 28). */
const TWO_WAY_TODAY = ['payments <-> subscriptions'];
/** Known imports of a module by http/ or core/: none since the session user moved to core/. */
const HTTP_TODAY: string[] = [];
/** Known imports of admin modules by others: none since audit and admin access moved to core/. */
const ADMIN_TODAY: string[] = [];

type Source = { file: string; text: string };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

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

function breaches(files: Source[]) {
  const all = [...links(files)];
  const between = all.filter((link) => !link.startsWith('outside:'));
  const twoWay = between
    .map((link) => link.split(' -> ') as [string, string])
    .filter(([a, b]) => a < b && between.includes(`${b} -> ${a}`))
    .map(([a, b]) => `${a} <-> ${b}`)
    .sort();
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
  return { twoWay, http, admin };
}

describe('API module boundaries', () => {
  it('finds a two-way pair, a module imported by http/ or core/, and an admin module imported by another', () => {
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
      ]),
    ).toEqual({
      twoWay: ['a <-> b'],
      http: ['core -> c', 'http -> a'],
      admin: ['d -> admin-x'],
    });
  });

  it('has no breach beyond those known today, and each known one is still there', () => {
    const files = sourceFiles(SRC).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    expect(files.length).toBeGreaterThan(150);
    expect(breaches(files)).toEqual({
      twoWay: TWO_WAY_TODAY,
      http: HTTP_TODAY,
      admin: ADMIN_TODAY,
    });
  });
});
