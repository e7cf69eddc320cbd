import type { Knex } from 'knex';
import { CookieJar } from './cookie-jar';

// One address per client across every test file's clients, so per-IP limits stay apart.
let ip = 0;

/**
 * Clients of the auth routes as a browser uses them (cookies kept), each from its own address,
 * and the people and e-mailed codes the auth tests need.
 */
export function authClients(api: { url: string }, db: { knex: Knex }) {
  /** Each test speaks from its own address so the per-IP limits of one test don't touch another. */
  function client() {
    const jar = new CookieJar();
    const forwarded = `203.0.113.${++ip}`;
    const post = async (path: string, body: unknown) => {
      const res = await jar.fetch(`${api.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwarded },
        body: JSON.stringify(body),
      });
      return { res, status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    const get = (path: string) => jar.fetch(`${api.url}${path}`);
    return { jar, post, get };
  }

  const person = (email: string) => ({
    email,
    password: 'correct horse battery',
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '612-555-0100',
  });

  async function lastCode(email: string, template: string): Promise<string> {
    const row = await db
      .knex('outboundEmails')
      .where({ toAddress: email, template })
      .orderBy('createdAt', 'desc')
      .first();
    const code = /\b(\d{6})\b/.exec(row?.textBody ?? '')?.[1];
    if (!code) throw new Error(`no ${template} code e-mailed to ${email}`);
    return code;
  }

  async function verifiedUser(email: string) {
    const c = client();
    await c.post('/api/auth/signup', person(email));
    await c.post('/api/auth/verify-email', { email, code: await lastCode(email, 'verify_email') });
    return c;
  }

  return { client, person, lastCode, verifiedUser };
}
