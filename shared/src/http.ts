import { QueryClient, type QueryFunction } from '@tanstack/query-core';
import * as z from 'zod/mini';
import { type ErrorBody, errorBodySchema } from './errors';

// The request behaviour of spec 1 §7, in the one place both apps use.

/** A non-2xx answer: its status and the API's `{ message, code, details? }` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody & Record<string, unknown>,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }

  /** What to branch on: 'not_found', 'needs_verification', 'conflict'… */
  get code(): string {
    return this.body.code;
  }
}

// A JSON message without a code (a gateway's, an older server's) is still worth showing.
const anyErrorBodySchema = z.looseObject({
  ...errorBodySchema.shape,
  code: z.optional(z.string()),
});

/**
 * The error body of a non-2xx answer. One that is not the API's (a proxy's HTML page, an empty
 * 502) is described by its text or status, with the code `http_<status>`.
 */
export async function errorBodyOf(res: Response): Promise<ErrorBody & Record<string, unknown>> {
  const text = await res.text();
  try {
    const parsed = anyErrorBodySchema.safeParse(JSON.parse(text));
    if (parsed.success && parsed.data.message)
      return { ...parsed.data, code: parsed.data.code ?? `http_${res.status}` };
  } catch {
    // Not JSON: described below.
  }
  return {
    message: text.trim() || res.statusText || `Request failed (${res.status})`,
    code: `http_${res.status}`,
  };
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  throw new ApiError(res.status, await errorBodyOf(res));
}

/**
 * Sends cookies always, and a JSON body with a JSON content type only when there is one
 * (FormData goes as multipart, its boundary set by the browser).
 */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const json = data !== undefined && !(data instanceof FormData);
  const res = await fetch(url, {
    method,
    headers: json ? { ...headers, 'Content-Type': 'application/json' } : headers,
    body: json ? JSON.stringify(data) : (data as FormData | undefined),
    credentials: 'include',
  });
  await throwIfNotOk(res);
  return res;
}

/** GETs a URL and reads the JSON answer (an error answer throws, as apiRequest does). */
export const getJson = async (url: string): Promise<unknown> =>
  (await apiRequest('GET', url)).json();

/** Sends a request and reads the JSON answer (an error answer throws, as apiRequest does). */
export const sendJson = async (method: string, url: string, body?: unknown): Promise<unknown> =>
  (await apiRequest(method, url, body)).json();

/** POSTs a JSON body and reads the JSON answer. */
export const postJson = (url: string, body?: unknown): Promise<unknown> =>
  sendJson('POST', url, body);

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** GETs the query key's segments joined by slashes; a 401 may mean "nobody signed in" (null). */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) {
      // Drain the body: an unread response keeps its connection busy in the browser.
      await res.text();
      return null;
    }
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/** Data never goes stale, nothing refetches on focus or polls, nothing retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The API's `message` for an error it answered, else the fallback: a fetch that never reached
 * the server ("Failed to fetch") or a proxy's page has no message worth showing.
 */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && !error.code.startsWith('http_') ? error.message : fallback;
}

/** Whether an error is the API's answer with this code. */
export const hasCode = (error: unknown, code: string): error is ApiError =>
  error instanceof ApiError && error.code === code;
