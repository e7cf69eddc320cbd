import { randomUUID } from 'node:crypto';
import { deactivationAnswerSchema } from '@twinclean/shared/admin-accounts';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../db/seeds/demo-accounts';
import { seedDemoData } from '../../../db/seeds/seed';
import { createMailer } from '../../adapters/mailer';
import { newUser } from '../../test/people';
import { type JsonCall, signedInJson, signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { sessionCookie, useTestServer } from '../../test/test-server';
import { findOrCreateGoogleUser } from '../auth/service';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));

let owner: JsonCall;
let staff: JsonCall;

beforeAll(async () => {
  await seedDemoData(db.knex);
  owner = await signedInJson(api.url, 'owner@example.com');
  staff = await signedInJson(api.url, 'staff@example.com');
});

const deactivate = (as: JsonCall, id: string) => as('POST', `/api/admin/users/${id}/deactivate`);
const reactivate = (as: JsonCall, id: string) => as('POST', `/api/admin/users/${id}/reactivate`);

let ip = 0;
async function login(email: string, password = DEMO_PASSWORD) {
  const res = await fetch(`${api.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${++ip}` },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, json: (await res.json()) as { code?: string; message?: string } };
}

const auditOf = (id: string) =>
  db.knex('auditLog').where({ entity: 'user', entityId: id }).orderBy('id');

/** An admin of `role` who signs in with the demo password. */
const newAdmin = (role: 'admin_owner' | 'admin_staff') => newUser(db.knex, 'client', { role });

describe('deactivating and reactivating an account', () => {
  it('ends the sessions at once, refuses the password, and lets them back in once reactivated', async () => {
    const client = await newUser(db.knex, 'client');
    const session = await signInAs(api.url, client.email);
    expect((await session('/api/auth/user')).status).toBe(200);

    const done = await deactivate(staff, client.id);
    expect(done.status).toBe(200);
    const answer = deactivationAnswerSchema.parse(done.json);
    expect(answer.id).toBe(client.id);
    expect(answer.deactivatedAt).not.toBeNull();
    expect(await db.knex('sessions').where({ userId: client.id })).toHaveLength(0);
    expect((await session('/api/auth/user')).status).toBe(401);

    const refused = await login(client.email);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      code: 'account_deactivated',
      message: 'This account has been deactivated. Contact support if you think this is a mistake.',
    });
    // A wrong password says only that: the refusal tells a guesser nothing about the account.
    expect((await login(client.email, 'not the password')).json.code).toBe('invalid_credentials');

    const [entry] = await auditOf(client.id);
    expect(entry).toMatchObject({ action: 'user.deactivate', before: { deactivatedAt: null } });
    expect(entry.after).toMatchObject({ deactivatedAt: answer.deactivatedAt });

    const back = await reactivate(staff, client.id);
    expect(back).toEqual({ status: 200, json: { id: client.id, deactivatedAt: null } });
    expect((await login(client.email)).status).toBe(200);
    expect((await auditOf(client.id)).map((e) => e.action)).toEqual([
      'user.deactivate',
      'user.reactivate',
    ]);
  });

  it('treats a session of a deactivated account as signed out, whenever it was made', async () => {
    const provider = await newUser(db.knex, 'provider');
    await deactivate(owner, provider.id);
    // A session stored in the same instant as the deactivation, after its sessions were deleted.
    const sessionId = `late-${randomUUID()}`;
    await db.knex('sessions').insert({
      id: sessionId,
      userId: provider.id,
      data: { userId: provider.id, _expire: Date.now() + 60_000, _maxAge: 60_000 },
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await fetch(`${api.url}/api/provider/jobs`, {
      headers: { cookie: sessionCookie(sessionId) },
    });
    expect(res.status).toBe(401);
  });

  it('happens once: a second deactivation answers the same and records nothing more', async () => {
    const client = await newUser(db.knex, 'client');
    const first = await deactivate(staff, client.id);
    const second = await deactivate(owner, client.id);
    expect(second).toEqual(first);
    expect(await auditOf(client.id)).toHaveLength(1);
    expect(await reactivate(staff, randomUUID())).toMatchObject({ status: 404 });
  });

  it("lets only an owner change an admin's state, and nobody their own", async () => {
    const admin = await newAdmin('admin_staff');
    const refused = await deactivate(staff, admin.id);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      code: 'owner_only',
      message: 'Only an owner can deactivate an admin account.',
    });
    expect(await auditOf(admin.id)).toHaveLength(0);
    expect((await deactivate(owner, admin.id)).status).toBe(200);
    expect((await reactivate(staff, admin.id)).status).toBe(403);
    expect((await reactivate(owner, admin.id)).status).toBe(200);

    const self = await db.knex('users').where({ email: 'staff@example.com' }).first('id');
    const own = await deactivate(staff, self.id);
    expect(own).toMatchObject({
      status: 409,
      json: { code: 'own_account', message: 'You cannot deactivate your own account.' },
    });
    expect((await staff('GET', '/api/auth/user')).status).toBe(200);
  });

  it('never leaves the app without an active owner, even when two owners remove each other at once', async () => {
    const [a, b] = [await newAdmin('admin_owner'), await newAdmin('admin_owner')];
    // Only these two owners are active: the demo owner steps aside for this test.
    await db
      .knex('users')
      .where({ email: 'owner@example.com' })
      .update({ deactivatedAt: new Date() });
    try {
      const [asA, asB] = [
        await signedInJson(api.url, a.email),
        await signedInJson(api.url, b.email),
      ];
      const answers = await Promise.all([deactivate(asA, b.id), deactivate(asB, a.id)]);
      const statuses = answers.map((r) => r.status).sort();
      // The second is refused by the rule, or (had the first finished first) as signed out.
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const refused = answers.find((r) => r.status === 409);
      if (refused) expect(refused.json.code).toBe('last_owner');
      const active = await db
        .knex('users')
        .where({ role: 'admin_owner' })
        .whereNull('deactivatedAt');
      expect(active).toHaveLength(1);
    } finally {
      await db.knex('users').where({ email: 'owner@example.com' }).update({ deactivatedAt: null });
    }
  });
});

describe('signing in with Google', () => {
  it('refuses a deactivated account, linked or matched by e-mail', async () => {
    const client = await newUser(db.knex, 'client', {
      googleSubject: `google-${randomUUID()}`,
      deactivatedAt: new Date(),
    });
    const row = await db.knex('users').where({ id: client.id }).first('googleSubject');
    const deps = {
      db: db.knex,
      mailer: createMailer({ db: db.knex, logger: pino({ level: 'silent' }), from: 'x@y.test' }),
      exposeUndeliveredCodes: false,
    };
    const profile = { emailVerified: true, firstName: 'Cora', lastName: 'Tester' };
    for (const attempt of [
      { ...profile, subject: row.googleSubject, email: client.email },
      { ...profile, subject: `google-${randomUUID()}`, email: client.email },
    ]) {
      await expect(findOrCreateGoogleUser(deps, attempt)).rejects.toMatchObject({
        status: 403,
        code: 'account_deactivated',
      });
    }
  });
});
