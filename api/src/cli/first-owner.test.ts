import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '../adapters/mailer';
import { outsideTransactionsOnly } from '../db/connection-guard';
import { lockAdminAccounts } from '../modules/accounts/owners';
import { freePort } from '../test/free-port';
import { catcherMailer, codeIn, useSmtpCatcher } from '../test/smtp-catcher';
import { useTestDatabase } from '../test/test-database';
import { useTestServer } from '../test/test-server';
import { describeInvitation, type FirstOwner, inviteFirstOwner } from './first-owner';

const db = useTestDatabase();
const smtp = useSmtpCatcher();
const api = useTestServer(db);
const siteUrl = 'https://twinclean.example';
// The real mailer over SMTP; the guard fails the test if it were called inside a transaction.
const deps = () => ({
  db: db.knex,
  mailer: outsideTransactionsOnly(catcherMailer(db.knex, smtp), 'mailer'),
  siteUrl,
});
const ada: FirstOwner = { email: 'ada@company.example', firstName: 'Ada', lastName: 'Lovelace' };

const post = (path: string, body: unknown) =>
  fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A received message's text, quoted-printable undone. */
const readable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const owners = () => db.knex('users').where({ role: 'admin_owner' }).orderBy('createdAt');

// Each test starts from a fresh deployment's state: no accounts, no e-mails.
beforeEach(async () => {
  await db.knex('users').delete();
  await db.knex('outboundEmails').delete();
});

describe('inviteFirstOwner', () => {
  it('creates a verified owner without a password, whose e-mailed code sets one', async () => {
    const result = await inviteFirstOwner(deps(), ada);
    expect(result.emailSent).toBe(true);
    expect(await owners()).toMatchObject([
      {
        id: result.user.id,
        email: 'ada@company.example',
        firstName: 'Ada',
        lastName: 'Lovelace',
        role: 'admin_owner',
        passwordHash: null,
        deactivatedAt: null,
      },
    ]);
    expect((await owners())[0].emailVerifiedAt).toBeInstanceOf(Date);
    expect(await db.knex('auditLog').where({ action: 'admin.invite_first_owner' })).toMatchObject([
      { actorId: null, entity: 'user', entityId: result.user.id },
    ]);

    const mail = smtp.mails.findLast((m) => m.to.includes(ada.email));
    const text = readable(mail?.raw ?? '');
    expect(text).toContain('Subject: Set your TwinClean password');
    expect(text).toContain("You are TwinClean's first owner. Your admin account is ready.");
    expect(text).toContain(`${siteUrl}/login?reset=${encodeURIComponent(ada.email)}`);

    const reset = await post('/api/auth/reset-password', {
      email: ada.email,
      code: codeIn(mail),
      newPassword: 'the first owner password',
    });
    expect(reset.status).toBe(200);
    const login = await post('/api/auth/login', {
      email: ada.email,
      password: 'the first owner password',
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { role: string } }).user.role).toBe('admin_owner');
  });

  it('refuses once an active owner exists, even for the same address, and changes nothing', async () => {
    await inviteFirstOwner(deps(), ada);
    const mails = smtp.mails.length;
    for (const again of [ada, { ...ada, email: 'grace@company.example' }]) {
      await expect(inviteFirstOwner(deps(), again)).rejects.toMatchObject({
        code: 'owner_exists',
        message: 'An owner already exists: invite more admins from the admin area (Admins).',
      });
    }
    expect((await owners()).map((o) => o.email)).toEqual([ada.email]);
    expect(smtp.mails.length).toBe(mails);
  });

  it('invites a new owner when every owner is deactivated (none can sign in)', async () => {
    await db.knex('users').insert({
      email: 'gone@company.example',
      firstName: 'Gone',
      lastName: 'Owner',
      role: 'admin_owner',
      deactivatedAt: new Date(),
    });
    await inviteFirstOwner(deps(), ada);
    expect((await owners()).map((o) => [o.email, o.deactivatedAt === null])).toEqual([
      ['gone@company.example', false],
      [ada.email, true],
    ]);
  });

  it('lets only one of two runs at once make an owner', async () => {
    // Both runs pass the first check and insert their account, then queue behind this lock.
    const holder = await db.knex.transaction();
    let runs: Promise<PromiseSettledResult<unknown>[]> | undefined;
    try {
      await lockAdminAccounts(holder);
      runs = Promise.allSettled([
        inviteFirstOwner(deps(), ada),
        inviteFirstOwner(deps(), { ...ada, email: 'grace@company.example' }),
      ]);
      await expect
        .poll(async () => {
          const { rows } = await db.knex.raw<{ rows: unknown[] }>(
            `SELECT 1 FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return rows.length;
        })
        .toBe(2);
    } finally {
      await holder.commit();
    }
    const settled = await runs;
    expect(settled?.map((s) => s.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(settled?.find((s) => s.status === 'rejected')).toMatchObject({
      reason: { code: 'owner_exists' },
    });
    expect(await owners()).toHaveLength(1);
  });

  it('refuses an address that already has an account', async () => {
    await db.knex('users').insert({ email: ada.email, firstName: 'Ada', lastName: 'Client' });
    await expect(inviteFirstOwner(deps(), ada)).rejects.toMatchObject({ code: 'email_taken' });
    expect(await owners()).toEqual([]);
  });

  it('keeps the account when the SMTP server cannot be reached, and says so', async () => {
    const port = await freePort();
    const mailer = createMailer({
      db: db.knex,
      logger: pino({ level: 'silent' }),
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'TwinClean <test@twinclean.test>',
    });
    const result = await inviteFirstOwner({ db: db.knex, mailer, siteUrl }, ada);
    expect(result.emailSent).toBe(false);
    expect(await owners()).toHaveLength(1);
    expect(await db.knex('outboundEmails').where({ toAddress: ada.email })).toMatchObject([
      { status: 'failed', template: 'set_password' },
    ]);
  });
});

describe('describeInvitation', () => {
  const user = { email: ada.email };
  const context = { transport: 'smtp' as const, production: true, siteUrl };

  it('says the e-mail is on its way when it left', () => {
    expect(describeInvitation({ user, emailSent: true }, context)).toBe(
      'Invited ada@company.example as the first owner: an e-mail with a code to choose a password is on its way.',
    );
  });

  it('in production, points a failed e-mail to "Forgot password?", not to where codes are kept', () => {
    const said = describeInvitation({ user, emailSent: false }, context);
    expect(said).toContain('the e-mail could not be sent');
    expect(said).toContain(`open ${siteUrl}/login and choose "Forgot password?"`);
    expect(said).not.toContain('outbound_emails');
  });

  it('outside production, says where the undelivered code is', () => {
    const failed = { user, emailSent: false };
    expect(describeInvitation(failed, { ...context, production: false })).toContain(
      'Outside production the code is in the outbound_emails table.',
    );
    expect(
      describeInvitation(failed, { ...context, transport: 'stored', production: false }),
    ).toContain(
      'no SMTP_URL is set. Outside production the code is in the outbound_emails table and in the log.',
    );
  });
});
