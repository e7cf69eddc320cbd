import { describe, expect, it } from 'vitest';
import { authClients } from '../../test/auth-client';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
// Behind a trusted proxy, so X-Forwarded-For gives each client its own address.
const api = useTestServer(db, () => ({ trustProxy: true }));
const { client, verifiedUser } = authClients(api, db);

describe('login lockout', () => {
  it('rate-limits logins per account with a clear 429 and Retry-After', async () => {
    const c = await verifiedUser('limited@example.com');
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof c.post>> | undefined;
    for (let i = 0; i < 11; i++) {
      last = await c.post('/api/auth/login', {
        email: 'limited@example.com',
        password: 'wrong password',
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(last?.json.message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(Number(last?.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right password is refused too until the window passes.
    const right = await c.post('/api/auth/login', {
      email: 'limited@example.com',
      password: 'correct horse battery',
    });
    expect(right.status).toBe(429);
  });

  it('lets the owner in on a browser they used before while guesses from anywhere are refused', async () => {
    const owner = await verifiedUser('owned@example.com');
    const right = { email: 'owned@example.com', password: 'correct horse battery' };
    expect((await owner.post('/api/auth/login', right)).status).toBe(200);
    await owner.get('/api/logout');
    // Eleven guesses, each from another address: the account's strangers are locked out…
    const guesses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const stranger = client();
      guesses.push(
        (await stranger.post('/api/auth/login', { ...right, password: `guess number ${i}` }))
          .status,
      );
    }
    expect(guesses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(guesses[10]).toBe(429);
    expect((await client().post('/api/auth/login', right)).status).toBe(429);
    // …the owner, on their own browser, is not.
    const back = await owner.post('/api/auth/login', right);
    expect(back.status).toBe(200);
    // Their browser has its own count: its wrong passwords lock it, and only it.
    for (let i = 0; i < 10; i++) {
      expect(
        (await owner.post('/api/auth/login', { ...right, password: 'typo typo' })).status,
      ).toBe(401);
    }
    expect((await owner.post('/api/auth/login', right)).status).toBe(429);
  });

  it('does not count a right password as a failure', async () => {
    const c = await verifiedUser('steady@example.com');
    const right = { email: 'steady@example.com', password: 'correct horse battery' };
    for (let i = 0; i < 12; i++) {
      const fresh = client();
      expect((await fresh.post('/api/auth/login', right)).status, `login ${i}`).toBe(200);
    }
    expect((await c.post('/api/auth/login', right)).status).toBe(200);
  });

  it('lets thirty-one people behind one address sign in, and stops thirty-one wrong guesses', async () => {
    const office = '198.18.0.1';
    const from = (body: unknown) =>
      fetch(`${api.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': office },
        body: JSON.stringify(body),
      });
    await verifiedUser('office@example.com');
    const right = { email: 'office@example.com', password: 'correct horse battery' };
    for (let i = 0; i < 31; i++) expect((await from(right)).status, `login ${i}`).toBe(200);
    const guesses: number[] = [];
    for (let i = 0; i < 31; i++) {
      guesses.push(
        (await from({ email: `nobody${i}@example.com`, password: 'wrong guess' })).status,
      );
    }
    expect(guesses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(guesses[30]).toBe(429);
  });
});
