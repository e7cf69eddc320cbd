import type { AddressInfo } from 'node:net';
import { errorBodySchema } from '@twinclean/shared/errors';
import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createKnex } from './db/connection';
import { useTestDatabase } from './test/test-database';
import { sessionCookie, testAppDeps, useTestServer } from './test/test-server';

const db = useTestDatabase();
const api = useTestServer(db);

async function call(path: string, init?: RequestInit) {
  const res = await fetch(`${api.url}${path}`, init);
  const text = await res.text();
  return { res, status: res.status, json: text ? JSON.parse(text) : undefined };
}

/** A user with a session stored in PostgreSQL that ends `expiresInMs` from now (the store's own
 * expiry: the data carries none); its cookie. */
async function storedSession(
  sessionId: string,
  account: { email: string; firstName: string; lastName: string } & Record<string, unknown>,
  expiresInMs = 60_000,
) {
  const [user] = await db.knex('users').insert(account).returning('id');
  await db.knex('sessions').insert({
    id: sessionId,
    userId: user.id,
    data: { userId: user.id },
    expiresAt: new Date(Date.now() + expiresInMs),
  });
  return { userId: user.id as string, cookie: sessionCookie(sessionId) };
}

describe('GET /api/health', () => {
  it('answers ok after checking the database', async () => {
    const { status, json } = await call('/api/health');
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: 'ok', database: 'ok' });
  });
});

describe('GET /api/add-ons', () => {
  it('lists active add-ons from the database in their order, prices in dollars', async () => {
    await db.knex('addOns').insert([
      {
        id: 'inside-oven',
        name: 'Inside Oven',
        description: 'Degreased.',
        category: 'kitchen',
        priceCents: 3000,
        timeMinutes: 30,
        sortOrder: 20,
      },
      {
        id: 'window-cleaning',
        name: 'Window Cleaning',
        description: 'Per window.',
        category: 'whole_home',
        priceCents: 500,
        priceUnit: 'window',
        timeMinutes: 10,
        sortOrder: 10,
      },
      {
        id: 'retired',
        name: 'Retired',
        description: 'Gone.',
        category: 'kitchen',
        priceCents: 100,
        timeMinutes: 5,
        isActive: false,
      },
    ]);
    const { status, json } = await call('/api/add-ons');
    expect(status).toBe(200);
    expect(json).toEqual([
      {
        id: 'window-cleaning',
        name: 'Window Cleaning',
        description: 'Per window.',
        price: '5.00',
        timeMinutes: 10,
      },
      {
        id: 'inside-oven',
        name: 'Inside Oven',
        description: 'Degreased.',
        price: '30.00',
        timeMinutes: 30,
      },
    ]);
  });
});

describe('GET /api/auth/user', () => {
  it('answers 401 with a message when nobody is signed in', async () => {
    const { status, json } = await call('/api/auth/user');
    expect(status).toBe(401);
    expect(errorBodySchema.parse(json).code).toBe('unauthenticated');
  });

  it('answers the user of a session stored in PostgreSQL', async () => {
    const { userId, cookie } = await storedSession('session-1', {
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'client',
      subscriptionType: 'standard',
    });
    const { status, json } = await call('/api/auth/user', { headers: { cookie } });
    expect(status).toBe(200);
    expect(json).toEqual({
      id: userId,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: null,
      role: 'client',
      subscriptionType: 'standard',
    });
  });

  it('reads the session and its account in one query, and sees a role change or a deleted account at once', async () => {
    const { userId, cookie } = await storedSession('session-grace', {
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const reads: string[] = [];
    const record = (query: { sql: string }) => {
      if (/"(users|sessions)"/.test(query.sql)) reads.push(query.sql);
    };
    db.knex.on('query', record);
    try {
      const first = await call('/api/auth/user', { headers: { cookie } });
      expect(first.json).toMatchObject({ id: userId, role: 'client' });
      expect(reads).toHaveLength(1);
    } finally {
      db.knex.removeListener('query', record);
    }
    await db.knex('users').where({ id: userId }).update({ role: 'provider' });
    expect((await call('/api/auth/user', { headers: { cookie } })).json.role).toBe('provider');
    await db.knex('users').where({ id: userId }).delete();
    expect((await call('/api/auth/user', { headers: { cookie } })).status).toBe(401);
  });

  it('ignores an expired session and a cookie with a forged signature', async () => {
    const { cookie } = await storedSession(
      'session-old',
      { email: 'old@example.com', firstName: 'Old', lastName: 'Session' },
      -1000,
    );
    expect((await call('/api/auth/user', { headers: { cookie } })).status).toBe(401);
    const forged = 'tc.sid=session-1; tc.sid.sig=not-the-signature';
    expect((await call('/api/auth/user', { headers: { cookie: forged } })).status).toBe(401);
  });
});

describe('API conventions', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const { status, json } = await call('/api/no-such-thing');
    expect(status).toBe(404);
    expect(json).toEqual({
      message: 'No API route for GET /api/no-such-thing.',
      code: 'not_found',
    });
  });

  it('answers a wrong method with a JSON 405', async () => {
    const { status, json } = await call('/api/add-ons', { method: 'DELETE' });
    expect(status).toBe(405);
    expect(json.code).toBe('method_not_allowed');
    expect(json.message).toEqual(expect.any(String));
  });

  it('sends JSON answers, errors included, as JSON with their exact length', async () => {
    for (const path of ['/api/add-ons', '/api/no-such-thing']) {
      const res = await fetch(`${api.url}${path}`);
      const text = await res.text();
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
      expect(() => JSON.parse(text)).not.toThrow();
    }
  });

  it('compresses answers over 1 kB for clients that accept it', async () => {
    const small = await call('/api/health', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(small.res.headers.get('content-encoding')).toBeNull();
    await db.knex('addOns').insert(
      Array.from({ length: 20 }, (_, i) => ({
        id: `extra-${i}`,
        name: `Extra ${i}`,
        description: 'A long description that makes the list comfortably larger than a kilobyte.',
        category: 'whole_home',
        priceCents: 100,
        timeMinutes: 5,
        sortOrder: 100 + i,
      })),
    );
    const { res } = await call('/api/add-ons', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
  });

  it('sends security headers', async () => {
    const { res } = await call('/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = res.headers.get('content-security-policy');
    expect(csp).toContain("default-src 'self'");
    // The LocalGateway's checkout is ours: no outside script or frame is allowed.
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('answers 503 from the health check when the database is unreachable', async () => {
    const unreachable = createKnex('postgres://postgres:postgres@127.0.0.1:1/nowhere');
    const app = createApp(testAppDeps(unreachable));
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const res = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`,
      );
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        message: 'The database is not reachable.',
        code: 'database_unavailable',
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await unreachable.destroy();
    }
  });
});
