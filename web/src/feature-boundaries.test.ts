import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// STYLE.md: no feature imports another feature; routes compose them, and what two features
// share lives in components/ or lib/.

const FEATURES = path.join(import.meta.dirname, 'features');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*)'([^']+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The feature a file of web/src/features belongs to (its first folder), or null outside them. */
const featureOf = (file: string): string | null => {
  const relative = path.relative(FEATURES, file);
  return relative.startsWith('..') ? null : (relative.split(path.sep)[0] ?? null);
};

/** "a.tsx imports features/b/c" for each import that reaches into another feature. */
function crossings(files: { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) =>
    [...text.matchAll(SPECIFIER)]
      .map((match) => match[1] as string)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => path.resolve(path.dirname(file), specifier))
      .filter((target) => {
        const to = featureOf(target);
        return to !== null && to !== featureOf(file);
      })
      .map(
        (target) => `${path.relative(FEATURES, file)} imports ${path.relative(FEATURES, target)}`,
      ),
  );
}

describe('feature boundaries', () => {
  it('finds a crossing when there is one, static or lazy, and not within a feature', () => {
    const file = path.join(FEATURES, 'client', 'page.tsx');
    expect(
      crossings([
        {
          file,
          text: "import { A } from './a';\nimport { B } from '../ratings/b';\nconst C = lazy(() => import('../card/c'));\nimport { D } from '../../components/d';",
        },
      ]),
    ).toEqual(['client/page.tsx imports ratings/b', 'client/page.tsx imports card/c']);
  });

  it('holds for every feature of the site', () => {
    const files = sourceFiles(FEATURES).map((file) => ({
      file,
      text: readFileSync(file, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(50);
    expect(crossings(files)).toEqual([]);
  });
});
