import http from 'node:http';
import { PHOTO_JSON_MAX_BYTES } from '@twinclean/shared/photos';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../db/seeds/demo-accounts';
import { seedDemoData } from '../../db/seeds/seed';
import { wizardPayload } from '../test/fixtures';
import { signInAs } from '../test/sign-in';
import { useTestDatabase } from '../test/test-database';
import { useTestServer } from '../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const JOB = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  await seedDemoData(db.knex);
});

let address = 0;
const json = (path: string, body: string, init: RequestInit = {}) =>
  fetch(`${api.url}${path}`, {
    method: 'POST',
    ...init,
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': `192.0.2.${++address}`,
      ...init.headers,
    },
    body,
  });

/**
 * Sends headers announcing `announced` bytes and only a few of them, and resolves with the
 * status if the server answers without waiting for the rest (it hangs otherwise).
 */
function answerBeforeBody(path: string, announced: number, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    const url = new URL(path, api.url);
    const req = http.request(url, {
      method: 'POST',
      agent: false,
      headers: { 'Content-Type': 'application/json', 'Content-Length': announced, ...headers },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.write('{"photoType":"before","photos":["data:image/jpeg;base64,');
  });
}

describe('declared routes', () => {
  it('answers a guest before reading a byte more of an upload body', async () => {
    // 60 MB announced, a few bytes sent: the old app read (and parsed) it all before asking who.
    expect(await answerBeforeBody(`/api/provider/bookings/${JOB}/photos`, 60_000_000)).toBe(401);
  });

  it('refuses a body over its route’s limit from its length, and a stream as it passes it', async () => {
    const provider = await signInAs(api.url, demoAccounts.provider.email);
    // Over the punch route's 2 kB: refused from Content-Length alone.
    const big = JSON.stringify({ notes: 'x'.repeat(4096) });
    const punched = await provider(`/api/provider/clock-in/${JOB}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: big,
    });
    expect(punched.status).toBe(413);
    expect(await punched.json()).toEqual({
      message: 'The request body is too large.',
      code: 'payload_too_large',
    });
    // A chunked body (no length) is cut off once it passes the default limit: the answer
    // comes while the client is still sending.
    const streamed = await new Promise<number>((resolve, reject) => {
      const req = http.request(new URL('/api/newsletter/subscribe', api.url), {
        method: 'POST',
        agent: false,
        headers: { 'Content-Type': 'application/json' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write('{"a":[');
      const chunk = `"${'y'.repeat(8192)}",`;
      const pump = () => {
        while (!req.destroyed && req.write(chunk));
        if (!req.destroyed) req.once('drain', pump);
      };
      pump();
    });
    expect(streamed).toBe(413);
  });

  it('reads an upload only for the job’s own provider, and refuses one over the JSON bound unread', async () => {
    const amina = await signInAs(api.url, demoAccounts.provider2.email);
    const [job] = await db
      .knex('bookings')
      .where({ providerId: demoAccounts.provider.id })
      .limit(1);
    const cookie = amina.cookie();
    // Another provider's job: "not found" before any of the 60 MB announced is read.
    expect(
      await answerBeforeBody(`/api/provider/bookings/${job.id}/photos`, 60_000_000, { cookie }),
    ).toBe(404);
    const maria = (await signInAs(api.url, demoAccounts.provider.email)).cookie();
    expect(
      await answerBeforeBody(`/api/provider/bookings/${job.id}/photos`, PHOTO_JSON_MAX_BYTES + 1, {
        cookie: maria,
      }),
    ).toBe(413);
  });

  it('refuses input nested deeper than any form, at no cost to the server', async () => {
    const deep = `${'['.repeat(6000)}${']'.repeat(6000)}`;
    const res = await json('/api/newsletter/subscribe', deep);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_error' });
    const object = `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`;
    expect((await json('/api/newsletter/subscribe', object)).status).toBe(400);
  });

  it('answers bad JSON, a wrong type and a compressed body with a 4xx and a message', async () => {
    const bad = await json('/api/newsletter/subscribe', '{"email": ');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_json' });
    const form = await json('/api/newsletter/subscribe', 'email=a@b.c', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const gzip = await json('/api/newsletter/subscribe', '{}', {
      headers: { 'Content-Encoding': 'gzip' },
    });
    expect(gzip.status).toBe(415);
  });

  it('refuses a NUL character in any text with 400 naming the field, storing nothing', async () => {
    const before = await db.knex('users').count({ n: '*' }).first();
    const signup = await json(
      '/api/auth/signup',
      JSON.stringify({
        email: 'nul@example.com',
        password: 'long enough password',
        firstName: 'Nu\u0000ll',
        lastName: 'Byte',
        phone: '612-555-0100',
      }),
    );
    expect(signup.status).toBe(400);
    expect(await signup.json()).toMatchObject({
      code: 'validation_error',
      message: 'firstName: Text cannot contain the NUL character',
    });
    const careers = await json(
      '/api/provider-applications',
      JSON.stringify({
        firstName: 'A',
        lastName: 'B',
        email: 'a@example.com',
        phone: '1',
        experience: 'x\u0000',
        availability: 'y',
        whyJoin: 'z',
      }),
    );
    expect(careers.status).toBe(400);
    const booking = await json(
      '/api/bookings',
      JSON.stringify(wizardPayload({ address: '\u0000' })),
    );
    expect(booking.status).toBe(400);
    const provider = await signInAs(api.url, demoAccounts.provider.email);
    const param = await provider('/api/provider/jobs/a%00b');
    expect(param.status).toBe(400);
    expect(await param.json()).toMatchObject({
      message: 'id: Text cannot contain the NUL character',
    });
    expect(await db.knex('users').count({ n: '*' }).first()).toEqual(before);
    expect(await db.knex('providerApplications').where({ email: 'a@example.com' })).toEqual([]);
  });

  it('tells every cache to keep no API answer, errors included, photos aside', async () => {
    const provider = await signInAs(api.url, demoAccounts.provider.email);
    for (const path of ['/api/provider/jobs', '/api/auth/user', '/api/pricing']) {
      expect((await provider(path)).headers.get('cache-control'), path).toBe('no-store');
    }
    const missing = await fetch(`${api.url}/api/no-such-route`);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    const denied = await fetch(`${api.url}/api/provider/jobs`);
    expect(denied.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown method with 405, not a 5xx', async () => {
    const res = await fetch(`${api.url}/api/add-ons`, { method: 'PROPFIND' });
    expect(res.status).toBe(405);
  });

  it('answers 401 when the session is not the user a replayed request names, storing nothing', async () => {
    const provider = await signInAs(api.url, demoAccounts.provider2.email);
    const before = await db.knex('providerEvents').count({ n: '*' }).first();
    const res = await provider(`/api/provider/clock-in/${JOB}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Expected-User': demoAccounts.provider.id },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'session_changed' });
    expect(await db.knex('providerEvents').count({ n: '*' }).first()).toEqual(before);
    const own = await provider('/api/provider/jobs', {
      headers: { 'X-Expected-User': demoAccounts.provider2.id },
    });
    expect(own.status).toBe(200);
  });

  it('answers a request Node itself refuses (a 20 kB address) with the error body', async () => {
    const res = await fetch(`${api.url}/api/pricing?q=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({
      message: 'The address or headers of the request are too long.',
      code: 'headers_too_large',
    });
  });
});
