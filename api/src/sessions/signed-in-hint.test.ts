import { SIGNED_IN_HINT } from '@twinclean/shared/current-user';
import { describe, expect, it } from 'vitest';
import { authClients } from '../test/auth-client';
import { useTestDatabase } from '../test/test-database';
import { useTestServer } from '../test/test-server';
import { SESSION_COOKIE } from './session';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const { client, verifiedUser } = authClients(api, db);

const hintHeader = (res: Response) =>
  res.headers.getSetCookie().find((line) => line.startsWith(`${SIGNED_IN_HINT}=`));

describe('the signed-in hint cookie', () => {
  it('is set readable at sign-in, never on a guest, and cleared at logout', async () => {
    const guest = client();
    const anonymous = await guest.get('/api/auth/user');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.getSetCookie()).toEqual([]);

    const user = await verifiedUser('hinted@example.com');
    const login = await user.post('/api/auth/login', {
      email: 'hinted@example.com',
      password: 'correct horse battery',
    });
    expect(login.status).toBe(200);
    const set = hintHeader(login.res) ?? '';
    expect(set).toMatch(/^tc\.in=1;/);
    // Readable by the page's script; it names no session and grants nothing.
    expect(set).not.toMatch(/httponly/i);
    // As long as the session it stands for: 14 days.
    const expires = Date.parse(/expires=([^;]+)/i.exec(set)?.[1] ?? '');
    expect(Math.abs(expires - (Date.now() + 14 * 86_400_000))).toBeLessThan(60_000);
    expect(user.jar.value(SESSION_COOKIE)).toBeTruthy();

    // Already in step: no Set-Cookie on every answer.
    const me = await user.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(hintHeader(me)).toBeUndefined();

    const logout = await user.get('/api/logout');
    expect(logout.status).toBe(302);
    expect(user.jar.value(SIGNED_IN_HINT)).toBeUndefined();
  });

  it('is set again for a signed-in browser that lost it, and cleared for one whose session is gone', async () => {
    const user = await verifiedUser('healed@example.com');
    await user.post('/api/auth/login', {
      email: 'healed@example.com',
      password: 'correct horse battery',
    });
    const sessionOnly = `${SESSION_COOKIE}=${user.jar.value(SESSION_COOKIE)}; ${SESSION_COOKIE}.sig=${user.jar.value(`${SESSION_COOKIE}.sig`)}`;
    const healed = await fetch(`${api.url}/api/add-ons`, { headers: { cookie: sessionOnly } });
    expect(healed.status).toBe(200);
    expect(hintHeader(healed)).toMatch(/^tc\.in=1;/);

    // The account deactivated: the session is refused, and the hint goes with it.
    await db
      .knex('users')
      .where({ email: 'healed@example.com' })
      .update({ deactivatedAt: new Date() });
    const refused = await user.get('/api/auth/user');
    expect(refused.status).toBe(401);
    expect(hintHeader(refused)).toMatch(/^tc\.in=;/);
    expect(user.jar.value(SIGNED_IN_HINT)).toBeUndefined();

    // A hint with no session at all is cleared by any API answer.
    const stale = await fetch(`${api.url}/api/add-ons`, {
      headers: { cookie: `${SIGNED_IN_HINT}=1` },
    });
    expect(stale.status).toBe(200);
    expect(hintHeader(stale)).toMatch(/^tc\.in=;/);
  });

  it('stays when a signed-in browser mistypes a password at the login form', async () => {
    const user = await verifiedUser('typo@example.com');
    await user.post('/api/auth/login', {
      email: 'typo@example.com',
      password: 'correct horse battery',
    });
    const wrong = await user.post('/api/auth/login', {
      email: 'typo@example.com',
      password: 'wrong horse battery',
    });
    expect(wrong.status).toBe(401);
    expect(hintHeader(wrong.res)).toBeUndefined();
    expect((await user.get('/api/auth/user')).status).toBe(200);
  });
});
