import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../api/db/seeds/demo-accounts';
import { repoRoot } from '../api/src/config';

const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');

/** The text of the README's section under `## title`, up to the next `## `. */
function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`README has no "## ${title}"`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

// Issue 29: a newcomer reads the first screen only. It must hold the two commands, the URL and
// which demo user opens which area — and stay true when the demo accounts change.
it('opens with a quick start of a few lines: the two commands, the URLs and real demo logins by area', () => {
  const firstSection = readme.match(/^## (.+)$/m)?.[1];
  expect(firstSection).toBe('Quick start');
  const quick = section('Quick start');
  expect(quick.trim().split('\n').length).toBeLessThanOrEqual(16);
  expect(quick).toContain('npm install && npm start');
  expect(quick).toContain('npm test');
  expect(quick).toContain('http://localhost:3000/provider');
  expect(quick).toContain(DEMO_PASSWORD);
  const byEmail = new Map(Object.values(demoAccounts).map((a) => [a.email, a.role] as const));
  const named = [...quick.matchAll(/`([a-z0-9]+@example\.com)`/g)].map((m) => m[1] as string);
  expect(named.length).toBeGreaterThanOrEqual(3);
  for (const email of named) expect(byEmail.has(email)).toBe(true);
  // One login for each area, each with the role that area needs.
  const roles = new Set(named.map((email) => byEmail.get(email)));
  expect(roles).toContain('client');
  expect(roles).toContain('provider');
  expect([...roles].some((role) => role?.startsWith('admin'))).toBe(true);
});

it('says what the test run really does: files at once per core, the browser tests’ database by E2E_PORT', () => {
  const tests = section('The two commands');
  expect(tests).toMatch(/as many test files at once as the machine has cores/);
  expect(tests).not.toMatch(/Vitest runs two test files at once/);
  expect(tests).toContain('E2E_PORT + 51239');
});
