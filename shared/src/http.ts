import { QueryClient, type QueryFunction } from '@tanstack/query-core';

// The request behaviour of spec 1 §7, in the one place both apps use.

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
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

/** The server's `message` from an apiRequest error ("409: {json}"), else the fallback text. */
export function serverMessage(error: unknown, fallback: string): string {
  // A fetch that never reached the server ("Failed to fetch") has no message worth showing.
  if (!(error instanceof Error) || error instanceof TypeError) return fallback;
  const body = error.message.replace(/^\d{3}: /, '');
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const { message } = parsed;
      if (typeof message === 'string' && message) return message;
    }
  } catch {
    // Not JSON: the body text itself is the best message there is.
  }
  return body || fallback;
}
