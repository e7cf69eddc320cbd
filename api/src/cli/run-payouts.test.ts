import { spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { transferGroupOf } from '../modules/payout-transfers/names';
import { newUser } from '../test/people';
import { useTestDatabase } from '../test/test-database';
import { jobPayout, localPayoutAccount } from '../test/transfers-world';
import { weekOf } from './run-payouts';

// The weekly run in real separate processes: two workers started at once on one database pay each
// provider-week once.

const db = useTestDatabase();
const WEEK = '2026-11-09';

type Run = { code: number | null; stdout: string; stderr: string };

function runPayouts(args: string[]): Promise<Run> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'api/src/cli/run-payouts.ts', ...args],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        DATABASE_URL: db.url,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

const providers: string[] = [];

beforeAll(async () => {
  for (let i = 0; i < 4; i += 1) {
    const provider = await newUser(db.knex, 'provider');
    await localPayoutAccount(db.knex, provider);
    await jobPayout(db.knex, provider.id, { at: new Date('2026-11-11T18:00:00Z') });
    await jobPayout(db.knex, provider.id, { at: new Date('2026-11-12T18:00:00Z'), tipCents: 400 });
    providers.push(provider.id);
  }
});

describe('run-payouts.ts', () => {
  it('reads the week asked for, the last one by default', () => {
    expect(weekOf([], new Date('2026-11-18T12:00:00Z'))).toBe('2026-11-09');
    expect(weekOf(['--week', '2026-11-16'])).toBe('2026-11-16');
    // This week (or a later one) has not ended: it is not paid yet.
    const now = new Date('2026-11-18T12:00:00Z');
    expect(weekOf(['--week', '2026-11-16'], now)).toBeNull();
    expect(weekOf(['--week', '2026-11-09'], now)).toBe('2026-11-09');
    expect(weekOf(['--week', '2026-11-17'])).toBeNull();
    expect(weekOf(['--weeks', '2026-11-16'])).toBeNull();
  });

  it('refuses a day that is not a Monday with exit code 2', async () => {
    const run = await runPayouts(['--week', '2026-11-10']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Give the Monday of a week that has ended');
    expect(await db.knex('payoutTransfers')).toEqual([]);
  });

  it('two processes at once pay each provider-week exactly once', async () => {
    const [a, b] = await Promise.all([runPayouts(['--week', WEEK]), runPayouts(['--week', WEEK])]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const claimed = [a, b].map((run) =>
      Number(/(\d+) transfer\(s\) claimed/.exec(run.stdout)?.[1]),
    );
    expect((claimed[0] ?? 0) + (claimed[1] ?? 0)).toBe(4);
    for (const providerId of providers) {
      const transfers = await db.knex('payoutTransfers').where({ providerId });
      expect(transfers).toHaveLength(1);
      expect(transfers[0]).toMatchObject({ weekStart: WEEK, status: 'paid' });
      const made = await db
        .knex('localGatewayTransfers')
        .where({ transferGroup: transferGroupOf(providerId, WEEK) });
      expect(made).toHaveLength(1);
      expect(made[0].amountCents).toBe(transfers[0].amountCents);
      const unpaid = await db.knex('payouts').where({ providerId, status: 'pending' });
      expect(unpaid).toEqual([]);
    }
  }, 60_000);
});
