import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { codeIn, useSmtpCatcher } from '../test/smtp-catcher';
import { useTestDatabase } from '../test/test-database';

// The command as an operator runs it: its own process, configured by its environment only.

const db = useTestDatabase();
const smtp = useSmtpCatcher();

type Run = { code: number | null; stdout: string; stderr: string };

function inviteOwner(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'api/src/cli/invite-owner.ts', ...args],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, NODE_ENV: 'development', DATABASE_URL: db.url, ...env },
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

const ada = ['--email', 'Ada@Company.example', '--first-name', 'Ada', '--last-name', 'Lovelace'];
const owners = () => db.knex('users').where({ role: 'admin_owner' }).orderBy('createdAt');

describe('invite-owner.ts', () => {
  it('refuses bad arguments with exit code 2, the problems and the usage', async () => {
    const run = await inviteOwner(['--email', 'not-an-address', '--last-name', 'Lovelace']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--email: Enter a valid email address');
    expect(run.stderr).toContain('--first-name: First name is required');
    expect(run.stderr).toContain('Usage: node --import tsx api/src/cli/invite-owner.ts --email');

    const unknown = await inviteOwner([...ada, '--role', 'admin_staff']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--role'");
    expect(await owners()).toEqual([]);
  });

  it('invites the first owner (exit 0), then refuses a second run (exit 1)', async () => {
    const first = await inviteOwner(ada);
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain(
      'Invited ada@company.example as the first owner, but the e-mail could not be sent: no SMTP_URL is set.',
    );
    // The stored e-mail is logged (to stderr, with its code, as outside production it may be);
    // the answer on stdout never carries the code.
    const stored = first.stderr
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; to?: string; text?: string })
      .find((line) => line.msg === 'e-mail stored (no SMTP_URL)');
    expect(stored?.to).toBe('ada@company.example');
    const code = /^ {4}(\d{6})$/m.exec(stored?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(first.stdout).not.toContain(code);
    expect(await db.knex('outboundEmails')).toMatchObject([
      { toAddress: 'ada@company.example', status: 'stored', template: 'set_password' },
    ]);
    expect(await owners()).toMatchObject([
      { email: 'ada@company.example', role: 'admin_owner', passwordHash: null },
    ]);

    const second = await inviteOwner(ada);
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toBe(
      'An owner already exists: invite more admins from the admin area (Admins).',
    );
    expect(await owners()).toHaveLength(1);
  });

  it('in production, e-mails the code over SMTP and prints only that it is on its way', async () => {
    // No active owner left, as if the one above had been deactivated.
    await db.knex('users').where({ role: 'admin_owner' }).update({ deactivatedAt: new Date() });
    const run = await inviteOwner(
      ['--email', 'grace@company.example', '--first-name', 'Grace', '--last-name', 'Hopper'],
      {
        NODE_ENV: 'production',
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://twinclean.example',
      },
    );
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(
      'Invited grace@company.example as the first owner: an e-mail with a code to choose a password is on its way.',
    );
    const mail = smtp.mails.find((m) => m.to.includes('grace@company.example'));
    const code = codeIn(mail);
    expect(`${run.stdout}${run.stderr}`).not.toContain(code);
  });
});
