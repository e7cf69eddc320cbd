import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  apiRequest,
  createQueryClient,
  getQueryFn,
  hasCode,
  serverMessage,
} from './http';

type Seen = {
  method?: string;
  contentType?: string;
  body: string;
  cookie?: string;
  idempotencyKey?: string;
};
let server: Server;
let base: string;
const seen: Seen[] = [];

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({
      method: req.method,
      contentType: req.headers['content-type'],
      body: await readBody(req),
      cookie: req.headers.cookie,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    const routes: Record<string, [number, string]> = {
      '/ok': [200, '{"hello":"world"}'],
      '/api/auth/user': [401, '{"message":"Not signed in","code":"unauthenticated"}'],
      '/conflict': [409, '{"message":"This job may no longer be available.","code":"conflict"}'],
      '/empty-error': [503, ''],
      '/text-error': [500, 'upstream exploded'],
      '/uncoded-error': [502, '{"message":"Database unavailable"}'],
    };
    const [status, body] = routes[req.url ?? ''] ?? [404, ''];
    res.writeHead(status, body ? { 'Content-Type': 'application/json' } : {});
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('apiRequest', () => {
  it('sends JSON with a JSON content type only when there is a body', async () => {
    seen.length = 0;
    await apiRequest('POST', `${base}/ok`, { a: 1 });
    await apiRequest('POST', `${base}/ok`);
    expect(seen[0]).toMatchObject({ contentType: 'application/json', body: '{"a":1}' });
    expect(seen[1]).toMatchObject({ contentType: undefined, body: '' });
  });

  it('sends extra headers, and FormData as multipart with its own boundary', async () => {
    seen.length = 0;
    const form = new FormData();
    form.append('photoType', 'before');
    await apiRequest('POST', `${base}/ok`, form, { 'Idempotency-Key': 'k-1' });
    await apiRequest('POST', `${base}/ok`, { a: 1 }, { 'Idempotency-Key': 'k-2' });
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('name="photoType"\r\n\r\nbefore');
    expect(seen[0]?.idempotencyKey).toBe('k-1');
    expect(seen[1]).toMatchObject({ contentType: 'application/json', idempotencyKey: 'k-2' });
  });

  it('raises an ApiError with the status and the parsed error body', async () => {
    const conflict = await apiRequest('GET', `${base}/conflict`).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ApiError);
    expect(conflict).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'This job may no longer be available.',
      body: { message: 'This job may no longer be available.', code: 'conflict' },
    });
    // Not the API's body (an empty 503 from a proxy): described by its status.
    await expect(apiRequest('GET', `${base}/empty-error`)).rejects.toMatchObject({
      status: 503,
      code: 'http_503',
      message: 'Service Unavailable',
    });
    // A JSON message without a code keeps its message, with the status as its code.
    await expect(apiRequest('GET', `${base}/uncoded-error`)).rejects.toMatchObject({
      status: 502,
      code: 'http_502',
      message: 'Database unavailable',
    });
  });

  it('does not retry a failed call', async () => {
    seen.length = 0;
    await expect(apiRequest('GET', `${base}/text-error`)).rejects.toMatchObject({
      status: 500,
      message: 'upstream exploded',
    });
    expect(seen).toHaveLength(1);
  });
});

describe('getQueryFn', () => {
  it('joins the key with slashes and parses JSON', async () => {
    const client = createQueryClient();
    const data = await client.fetchQuery({ queryKey: [base, 'ok'] });
    expect(data).toEqual({ hello: 'world' });
  });

  it('turns a 401 into null only when asked to', async () => {
    const client = createQueryClient();
    const asNull = await client.fetchQuery({
      queryKey: [base, 'api/auth/user'],
      queryFn: getQueryFn({ on401: 'returnNull' }),
    });
    expect(asNull).toBeNull();
    await expect(
      createQueryClient().fetchQuery({ queryKey: [base, 'api/auth/user'] }),
    ).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  it('keeps data fresh forever and never retries', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    expect(defaults.mutations?.retry).toBe(false);
  });
});

describe('serverMessage and hasCode', () => {
  it('read the message and code of the API error body', async () => {
    const error = await apiRequest('GET', `${base}/conflict`).catch((e: unknown) => e);
    expect(serverMessage(error, 'fallback')).toBe('This job may no longer be available.');
    expect(hasCode(error, 'conflict')).toBe(true);
    expect(hasCode(error, 'not_found')).toBe(false);
  });

  it('use the given text for anything that is not the API answering', async () => {
    expect(serverMessage(new Error('boom'), 'x')).toBe('x');
    const proxyPage = await apiRequest('GET', `${base}/text-error`).catch((e: unknown) => e);
    expect(serverMessage(proxyPage, 'Failed to create booking')).toBe('Failed to create booking');
    expect(serverMessage('not an error', 'Failed to create booking')).toBe(
      'Failed to create booking',
    );
    const error = await apiRequest('GET', 'http://127.0.0.1:1/nothing-listens').catch(
      (e: unknown) => e,
    );
    expect(serverMessage(error, 'Failed to add availability')).toBe('Failed to add availability');
    expect(hasCode(error, 'http_0')).toBe(false);
  });
});
