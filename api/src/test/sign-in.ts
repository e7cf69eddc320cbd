import { DEMO_PASSWORD } from '../../db/seeds/demo-accounts';
import { CookieJar } from './cookie-jar';

let clients = 0;

/**
 * Signs a (demo) user in through the real login route and answers a fetch that carries the
 * session. Each signed-in client gets its own address (the app must trust the proxy), so
 * per-IP rate limits in one test never touch another.
 */
export async function signInAs(baseUrl: string, email: string, password = DEMO_PASSWORD) {
  clients += 1;
  const jar = new CookieJar();
  const forwarded = `198.51.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
  const request = (path: string, init: RequestInit = {}) =>
    jar.fetch(`${baseUrl}${path}`, {
      ...init,
      headers: { 'X-Forwarded-For': forwarded, ...init.headers },
    });
  const res = await request('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`Signing in as ${email} failed with ${res.status}`);
  // The Cookie header, for requests made without fetch (a body that never ends).
  return Object.assign(request, { cookie: () => jar.header() });
}

/** A signed-in JSON caller: method, path and body in, status and parsed answer out. */
export async function signedInJson<J = never>(baseUrl: string, email: string) {
  const request = await signInAs(baseUrl, email);
  return async (method: string, path: string, body?: unknown) => {
    const res = await request(path, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as J };
  };
}

/** What `signedInJson` answers; by default its answers are read loosely, parsed where it matters. */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and parse what matters
export type JsonCall<J = any> = Awaited<ReturnType<typeof signedInJson<J>>>;
