import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../sessions/session';
import { authClients } from '../../test/auth-client';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
// Behind a trusted proxy, so X-Forwarded-For gives each test its own client address.
const api = useTestServer(db, () => ({ trustProxy: true }));

const { client, person, lastCode, verifiedUser } = authClients(api, db);

describe('signup and e-mail verification', () => {
  it('creates an unverified client, e-mails a code, and shows it when no mailer delivered it', async () => {
    const c = client();
    const { status, json } = await c.post('/api/auth/signup', person('New.Person@Example.com'));
    expect(status).toBe(201);
    expect(json).toEqual({
      message: 'The email service is unavailable.',
      emailSent: false,
      verificationCode: await lastCode('new.person@example.com', 'verify_email'),
    });
    const user = await db.knex('users').where({ email: 'new.person@example.com' }).first();
    expect(user).toMatchObject({ role: 'client', subscriptionType: 'none', emailVerifiedAt: null });
    // OWASP's argon2id settings: 19 MiB, 2 passes, 1 lane.
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('refuses a duplicate e-mail, a short password and missing names, storing nothing', async () => {
    const c = client();
    await c.post('/api/auth/signup', person('dup@example.com'));
    const dup = await c.post('/api/auth/signup', {
      ...person('DUP@example.com'),
      firstName: 'Other',
    });
    expect(dup.status).toBe(409);
    expect(dup.json.message).toBe('An account with this email already exists. Please sign in.');
    const short = await c.post('/api/auth/signup', {
      ...person('short@example.com'),
      password: 'abc1234',
    });
    expect(short).toMatchObject({
      status: 400,
      json: { message: 'password: Password must be at least 8 characters' },
    });
    const unnamed = await c.post('/api/auth/signup', {
      ...person('unnamed@example.com'),
      firstName: '  ',
    });
    expect(unnamed.status).toBe(400);
    expect(
      await db.knex('users').whereIn('email', ['short@example.com', 'unnamed@example.com']),
    ).toEqual([]);
  });

  it('creates one account from 20 simultaneous signups of one address and tells every other one email_taken', async () => {
    // Each from its own address, as 20 people (or one double-clicking script) behind 20 NATs.
    const spellings = ['race@example.com', 'Race@Example.COM'];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client().post('/api/auth/signup', person(spellings[i % 2] ?? '')),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const lost of answers.filter((a) => a.status === 409)) {
      expect(lost.json).toEqual({
        code: 'email_taken',
        message: 'An account with this email already exists. Please sign in.',
      });
    }
    expect(await db.knex('users').where({ email: 'race@example.com' })).toHaveLength(1);
  });

  it('answers a login before verification with needsVerification, then lets the verified user in', async () => {
    const c = client();
    await c.post('/api/auth/signup', person('pending@example.com'));
    const early = await c.post('/api/auth/login', {
      email: 'pending@example.com',
      password: 'correct horse battery',
    });
    expect(early.status).toBe(403);
    expect(early.json).toMatchObject({
      needsVerification: true,
      message: 'Please verify your email to continue.',
    });

    const wrong = await c.post('/api/auth/verify-email', {
      email: 'pending@example.com',
      code: '000000',
    });
    expect(wrong).toMatchObject({ status: 400, json: { message: 'Invalid verification code' } });
    const code = await lastCode('pending@example.com', 'verify_email');
    expect(
      (await c.post('/api/auth/verify-email', { email: 'pending@example.com', code })).status,
    ).toBe(200);
    // A used code does not work twice.
    expect(
      (await c.post('/api/auth/verify-email', { email: 'pending@example.com', code })).status,
    ).toBe(400);

    const login = await c.post('/api/auth/login', {
      email: 'PENDING@example.com',
      password: 'correct horse battery',
    });
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({
      ok: true,
      user: { email: 'pending@example.com', role: 'client' },
    });
    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'pending@example.com', firstName: 'Ada' });
  });

  it('expires codes after 15 minutes and gives up after 5 wrong tries', async () => {
    const c = client();
    await c.post('/api/auth/signup', person('expired@example.com'));
    const code = await lastCode('expired@example.com', 'verify_email');
    await db.knex('emailCodes').update({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await c.post('/api/auth/verify-email', { email: 'expired@example.com', code });
    expect(expired).toMatchObject({ status: 400, json: { code: 'code_expired' } });

    const resent = await c.post('/api/auth/resend-verification', { email: 'expired@example.com' });
    expect(resent.json.message).toBe('Code resent');
    const fresh = await lastCode('expired@example.com', 'verify_email');
    expect(resent.json.verificationCode).toBe(fresh);
    const wrong = fresh === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      expect(
        (await c.post('/api/auth/verify-email', { email: 'expired@example.com', code: wrong }))
          .status,
      ).toBe(400);
    }
    const sixth = await c.post('/api/auth/verify-email', {
      email: 'expired@example.com',
      code: fresh,
    });
    expect(sixth).toMatchObject({ status: 429, json: { code: 'too_many_tries' } });
  });

  it('makes a new code replace the old one', async () => {
    const c = client();
    await c.post('/api/auth/signup', person('replace@example.com'));
    const first = await lastCode('replace@example.com', 'verify_email');
    await c.post('/api/auth/resend-verification', { email: 'replace@example.com' });
    const second = await lastCode('replace@example.com', 'verify_email');
    if (first !== second) {
      expect(
        (await c.post('/api/auth/verify-email', { email: 'replace@example.com', code: first }))
          .status,
      ).toBe(400);
    }
    expect(
      (await c.post('/api/auth/verify-email', { email: 'replace@example.com', code: second }))
        .status,
    ).toBe(200);
  });
});

describe('login, sessions and logout', () => {
  it('refuses a wrong password or unknown e-mail with the same message', async () => {
    const c = await verifiedUser('login@example.com');
    const wrong = await c.post('/api/auth/login', {
      email: 'login@example.com',
      password: 'not the password',
    });
    const unknown = await c.post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'whatever123',
    });
    expect(wrong).toMatchObject({ status: 401, json: { message: 'Invalid email or password' } });
    expect(unknown).toMatchObject({ status: 401, json: { message: 'Invalid email or password' } });
  });

  it('rotates the session id at login so a planted cookie never becomes a login', async () => {
    const c = await verifiedUser('rotate@example.com');
    await c.post('/api/auth/login', {
      email: 'rotate@example.com',
      password: 'correct horse battery',
    });
    const first = c.jar.value(SESSION_COOKIE);
    await c.post('/api/auth/login', {
      email: 'rotate@example.com',
      password: 'correct horse battery',
    });
    const second = c.jar.value(SESSION_COOKIE);
    expect(first).toBeDefined();
    expect(second).not.toBe(first);
    expect(await db.knex('sessions').where({ id: first })).toEqual([]);
  });

  it('sets an httpOnly, SameSite=Lax cookie and ends the session at /api/logout', async () => {
    const c = await verifiedUser('logout@example.com');
    const { res } = await c.post('/api/auth/login', {
      email: 'logout@example.com',
      password: 'correct horse battery',
    });
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    const id = c.jar.value(SESSION_COOKIE);
    const out = await c.get('/api/logout');
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
    expect(await db.knex('sessions').where({ id })).toEqual([]);
    expect((await c.get('/api/auth/user')).status).toBe(401);
  });

  it('marks the cookie Secure when the request came over HTTPS through the proxy', async () => {
    await verifiedUser('secure@example.com');
    const res = await fetch(`${api.url}/api/auth/login`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-Proto': 'https',
        'X-Forwarded-For': '198.51.100.7',
      },
      body: JSON.stringify({ email: 'secure@example.com', password: 'correct horse battery' }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/;\s*secure/i);
  });

  it('sends /api/login to the login page', async () => {
    const res = await client().get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login');
  });

  it('refuses state-changing requests from another site', async () => {
    const res = await fetch(`${api.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'x@example.com', password: 'whatever123' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'cross_origin' });
    const same = await fetch(`${api.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: api.url },
      body: JSON.stringify({ email: 'x@example.com', password: 'whatever123' }),
    });
    expect(same.status).toBe(401);
  });
});

describe('hashes made with older settings', () => {
  it('are replaced with the current settings at the next right password, not at a wrong one', async () => {
    const c = await verifiedUser('older-hash@example.com');
    const older = await argon2.hash('correct horse battery', { type: argon2.argon2id });
    const user = () => db.knex('users').where({ email: 'older-hash@example.com' }).first();
    await db
      .knex('users')
      .where({ email: 'older-hash@example.com' })
      .update({ passwordHash: older });
    const wrong = await c.post('/api/auth/login', {
      email: 'older-hash@example.com',
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    expect((await user()).passwordHash).toBe(older);
    const right = await c.post('/api/auth/login', {
      email: 'older-hash@example.com',
      password: 'correct horse battery',
    });
    expect(right.status).toBe(200);
    const renewed = (await user()).passwordHash as string;
    expect(renewed).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await argon2.verify(renewed, 'correct horse battery')).toBe(true);
    // And the new hash lets them in again.
    const again = await client().post('/api/auth/login', {
      email: 'older-hash@example.com',
      password: 'correct horse battery',
    });
    expect(again.status).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same for unknown addresses and sends nothing', async () => {
    const c = client();
    const unknown = await c.post('/api/auth/request-password-reset', {
      email: 'ghost@example.com',
    });
    const known = await (await verifiedUser('known@example.com')).post(
      '/api/auth/request-password-reset',
      {
        email: 'known@example.com',
      },
    );
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    expect(await db.knex('outboundEmails').where({ toAddress: 'ghost@example.com' })).toEqual([]);
  });

  it('checks the code, sets the new password and signs the account out everywhere', async () => {
    const c = await verifiedUser('reset@example.com');
    await c.post('/api/auth/login', {
      email: 'reset@example.com',
      password: 'correct horse battery',
    });
    expect((await c.get('/api/auth/user')).status).toBe(200);

    const other = client();
    await other.post('/api/auth/request-password-reset', { email: 'reset@example.com' });
    const code = await lastCode('reset@example.com', 'reset_password');
    expect(
      (
        await other.post('/api/auth/verify-reset-code', {
          email: 'reset@example.com',
          code: '999999' === code ? '888888' : '999999',
        })
      ).json.message,
    ).toBe('Invalid reset code');
    expect(
      (await other.post('/api/auth/verify-reset-code', { email: 'reset@example.com', code })).json
        .message,
    ).toBe('Code verified');
    const short = await other.post('/api/auth/reset-password', {
      email: 'reset@example.com',
      code,
      newPassword: 'short',
    });
    expect(short.status).toBe(400);
    const done = await other.post('/api/auth/reset-password', {
      email: 'reset@example.com',
      code,
      newPassword: 'brand new secret',
    });
    expect(done).toMatchObject({ status: 200, json: { message: 'Password reset successful' } });

    expect((await c.get('/api/auth/user')).status).toBe(401);
    const old = await other.post('/api/auth/login', {
      email: 'reset@example.com',
      password: 'correct horse battery',
    });
    expect(old.status).toBe(401);
    const fresh = await other.post('/api/auth/login', {
      email: 'reset@example.com',
      password: 'brand new secret',
    });
    expect(fresh.status).toBe(200);
    // The code is spent.
    expect(
      (
        await other.post('/api/auth/reset-password', {
          email: 'reset@example.com',
          code,
          newPassword: 'another secret',
        })
      ).status,
    ).toBe(400);
  });
});
