import { randomUUID } from 'node:crypto';
import {
  adminAccountAnswerSchema,
  adminAccountsPageSchema,
} from '@twinclean/shared/admin-accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { untilWaitingOnALock } from '../../test/lock-wait';
import { newUser } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { catcherMailer, codeIn, useSmtpCatcher } from '../../test/smtp-catcher';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const smtp = useSmtpCatcher();
const api = useTestServer(db, () => ({
  trustProxy: true,
  siteUrl: 'https://twinclean.example',
  mailer: catcherMailer(db.knex, smtp),
}));

let owner: JsonCall;
let staff: JsonCall;
beforeAll(async () => {
  await seedDemoData(db.knex);
  owner = await signedInJson(api.url, 'owner@example.com');
  staff = await signedInJson(api.url, 'staff@example.com');
});

/** A received message's text, quoted-printable undone. */
const readable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

let ip = 0;
const anonymous = (path: string, body: unknown) =>
  fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `192.0.2.${++ip}` },
    body: JSON.stringify(body),
  });

const invite = (role = 'admin_staff', email = `new-admin-${randomUUID()}@example.com`) =>
  owner('POST', '/api/admin/admins', { firstName: 'Nia', lastName: 'Newcomer', email, role });

describe('admin accounts (owner only)', () => {
  it('lists every admin with role and state; staff may not see it', async () => {
    const list = await owner('GET', '/api/admin/admins');
    expect(list.status).toBe(200);
    const page = adminAccountsPageSchema.parse(list.json);
    expect(page.items.map((a) => [a.email, a.role, a.deactivatedAt])).toEqual(
      expect.arrayContaining([
        ['owner@example.com', 'admin_owner', null],
        ['staff@example.com', 'admin_staff', null],
      ]),
    );
    expect(page.items.every((a) => a.role.startsWith('admin_'))).toBe(true);
    for (const call of [
      staff('GET', '/api/admin/admins'),
      staff('POST', '/api/admin/admins', {
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.co',
        role: 'admin_staff',
      }),
      staff('PATCH', `/api/admin/admins/${randomUUID()}`, { role: 'admin_owner' }),
    ]) {
      expect((await call).status).toBe(403);
    }
  });

  it('invites an admin by e-mail; the code from the e-mail sets the password', async () => {
    const email = `invitee-${randomUUID()}@example.com`;
    const answer = await invite('admin_staff', email.toUpperCase());
    expect(answer.status).toBe(201);
    const { account } = adminAccountAnswerSchema.parse(answer.json);
    expect(account).toMatchObject({
      email,
      role: 'admin_staff',
      hasPassword: false,
      deactivatedAt: null,
    });
    const audit = await db.knex('auditLog').where({ action: 'admin.invite', entityId: account.id });
    expect(audit).toHaveLength(1);
    expect(audit[0].after).toEqual({ email, role: 'admin_staff' });

    const mail = smtp.mails.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    const text = readable(mail?.raw ?? '');
    expect(text).toContain('Subject: Set your TwinClean password');
    expect(text).toContain('invited you to help run TwinClean as a member of staff');
    expect(text).toContain(`https://twinclean.example/login?reset=${encodeURIComponent(email)}`);
    expect(text).toContain('The code works for 15 minutes');
    expect(text).toContain('Forgot password?');

    const code = codeIn(mail);
    const reset = await anonymous('/api/auth/reset-password', {
      email,
      code,
      newPassword: 'a brand new password',
    });
    expect(reset.status).toBe(200);
    const login = await anonymous('/api/auth/login', { email, password: 'a brand new password' });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { role: string } }).user.role).toBe('admin_staff');
  });

  it('refuses an address that already has an account, and changes nothing', async () => {
    const before = await snapshot(db.knex);
    const mails = smtp.mails.length;
    const taken = await invite('admin_owner', 'client@example.com');
    expect(taken).toMatchObject({
      status: 409,
      json: { code: 'email_taken', message: 'An account with this e-mail already exists.' },
    });
    expect(await snapshot(db.knex)).toBe(before);
    expect(smtp.mails.length).toBe(mails);
  });

  it('refuses alike an address that a signup takes while the invitation runs', async () => {
    const email = `raced-${randomUUID()}@example.com`;
    // The signup's account, not yet committed: the invitation finds the address free, then its
    // insert waits on this one's at the unique index.
    const signup = await db.knex.transaction();
    try {
      await signup('users').insert({ email, firstName: 'Sam', lastName: 'Signup' });
      const invited = invite('admin_staff', email);
      await untilWaitingOnALock(db.knex);
      await signup.commit();
      expect(await invited).toMatchObject({
        status: 409,
        json: { code: 'email_taken', message: 'An account with this e-mail already exists.' },
      });
    } finally {
      if (!signup.isCompleted()) await signup.rollback();
    }
    expect(await db.knex('users').where({ email })).toMatchObject([{ role: 'client' }]);
  });

  it("changes an admin's role, recorded; a client is no admin account", async () => {
    const { json } = await invite();
    const id = json.account.id as string;
    const promoted = await owner('PATCH', `/api/admin/admins/${id}`, { role: 'admin_owner' });
    expect(promoted.status).toBe(200);
    expect(adminAccountAnswerSchema.parse(promoted.json).account.role).toBe('admin_owner');
    const entries = await db.knex('auditLog').where({ action: 'admin.change_role', entityId: id });
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [{ role: 'admin_staff' }, { role: 'admin_owner' }],
    ]);
    const client = await newUser(db.knex, 'client');
    const notAdmin = await owner('PATCH', `/api/admin/admins/${client.id}`, {
      role: 'admin_owner',
    });
    expect(notAdmin.status).toBe(404);
    expect((await db.knex('users').where({ id: client.id }).first()).role).toBe('client');
    const bad = await owner('PATCH', `/api/admin/admins/${id}`, { role: 'client' });
    expect(bad.status).toBe(400);
  });

  it('lets an owner step down, but never the last active owner', async () => {
    const other = await newUser(db.knex, 'client', { role: 'admin_owner' });
    const asOther = await signedInJson(api.url, other.email);
    const me = await db.knex('users').where({ email: 'owner@example.com' }).first('id');
    // Every other owner deactivated: the demo owner and `other` are the only active ones.
    const others = await db
      .knex('users')
      .where({ role: 'admin_owner' })
      .whereNotIn('id', [me.id, other.id])
      .whereNull('deactivatedAt')
      .update({ deactivatedAt: new Date() }, ['id']);
    try {
      const down = await asOther('PATCH', `/api/admin/admins/${other.id}`, { role: 'admin_staff' });
      expect(down.status).toBe(200);
      const last = await owner('PATCH', `/api/admin/admins/${me.id}`, { role: 'admin_staff' });
      expect(last).toMatchObject({
        status: 409,
        json: {
          code: 'last_owner',
          message: 'You cannot demote the last active owner. Make another admin an owner first.',
        },
      });
      expect((await owner('GET', '/api/admin/admins')).status).toBe(200);
    } finally {
      await db
        .knex('users')
        .whereIn(
          'id',
          others.map((o: { id: string }) => o.id),
        )
        .update({ deactivatedAt: null });
    }
  });
});
