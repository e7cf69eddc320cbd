import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Random, shuffledRounds } from './seeded-random';

/** What the proxy can do to one request; 'offline' is the driver's (the browser's own switch). */
export const REQUEST_FAULTS = [
  'drop request',
  'drop answer',
  'delay',
  'reset mid-body',
  'answer 500',
  'answer 502',
  'answer 503',
  'answer 504',
  'answer 429',
  'duplicate',
] as const;
export type FaultKind = (typeof REQUEST_FAULTS)[number] | 'offline';

export type FaultProxyOptions = {
  /** The app server's port on 127.0.0.1. */
  target: number;
  random: Random;
  /** Faults to inject in all; past that the network heals. */
  budget: number;
  /** The share of changes (POST, PUT, DELETE) that get a fault; reads get half as many. */
  rate: number;
  /** The longest delay, in ms (the bench's is 30 s; the short test's lower). */
  delayCapMs: number;
};

export type FaultProxy = {
  port: number;
  /** Counts by kind; an answer's count notes when it carried Retry-After. */
  counts: () => Record<string, number>;
  injected: () => number;
  healed: () => boolean;
  /** Ends the faults now, budget spent or not: the network heals. */
  heal: () => void;
  /** Takes one fault from the budget for the driver (an offline spell); false once healed. */
  claim: (kind: FaultKind, note?: string) => boolean;
  /** Marks a fault as over (an offline spell ended): the drain is timed from the last one. */
  faultEnded: () => void;
  /** When the last fault ended (its delayed request forwarded, its answer cut…), epoch ms. */
  lastFaultEndedAt: () => number;
  /** Resolves once no faulted request is still in the proxy's hands (a delay still waiting). */
  settled: () => Promise<void>;
  close: () => Promise<void>;
};

// Only the API, and not sign-in: a phone whose session lookups fail is signed out, which the
// outbox then waits on (a different story from a bad network, told by outbox.spec.ts).
const faultable = (req: IncomingMessage) =>
  (req.url ?? '').startsWith('/api/') && !(req.url ?? '').startsWith('/api/auth/');

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const MESSAGES: Record<number, string> = {
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
  429: 'Too many requests',
};

/** The answer's headers for its whole body, read in full: a length, not chunks. */
function sized(headers: IncomingMessage['headers'], body: Buffer): IncomingMessage['headers'] {
  const { 'transfer-encoding': _, ...rest } = headers;
  return { ...rest, 'content-length': String(body.length) };
}

type Answer = { status: number; headers: IncomingMessage['headers']; body: Buffer };

/**
 * An HTTP proxy between the browser and the app that, with a seeded generator, breaks requests
 * the ways a bad mobile network and the boxes along it do, up to a budget of faults.
 */
export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const { random } = options;
  const nextFault = shuffledRounds(random, REQUEST_FAULTS);
  let budget = options.budget;
  const agent = new Agent({ keepAlive: true });
  const counts: Record<string, number> = {};
  let injected = 0;
  let lastEnded = 0;
  const inFlight = new Set<Promise<unknown>>();
  const claim = (kind: FaultKind, note?: string) => {
    if (injected >= budget) return false;
    injected += 1;
    const key = note ? `${kind} ${note}` : kind;
    counts[key] = (counts[key] ?? 0) + 1;
    lastEnded = Date.now();
    return true;
  };
  const ended = () => {
    lastEnded = Math.max(lastEnded, Date.now());
  };

  const forward = (req: IncomingMessage, body: Buffer, partial = false) =>
    new Promise<Answer>((resolve, reject) => {
      const upstream = request(
        {
          host: '127.0.0.1',
          port: options.target,
          method: req.method,
          path: req.url,
          headers: req.headers,
          agent,
        },
        async (res) => {
          try {
            resolve({
              status: res.statusCode ?? 502,
              headers: res.headers,
              body: await readBody(res),
            });
          } catch (error) {
            reject(error);
          }
        },
      );
      upstream.on('error', reject);
      if (partial) {
        // Half the body, then the line goes dead: the server sees a request cut off mid-body.
        upstream.write(body.subarray(0, Math.floor(body.length / 2)));
        setTimeout(() => upstream.destroy(), 50);
        return;
      }
      upstream.end(body);
    });

  const answer = (res: ServerResponse, { status, headers, body }: Answer) => {
    if (res.destroyed) return;
    res.writeHead(status, sized(headers, body));
    res.end(body);
  };

  const track = <T>(work: Promise<T>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    // Reads fail half as often: a phone that can never load a page never gets to record anything.
    const rate = req.method === 'GET' ? options.rate / 2 : options.rate;
    const kind = faultable(req) && injected < budget && random.chance(rate) ? nextFault() : null;
    if (!kind) return answer(res, await forward(req, body));
    const withRetryAfter = kind.startsWith('answer') && random.chance(0.5);
    claim(kind, withRetryAfter ? '+ Retry-After' : undefined);
    switch (kind) {
      case 'drop request':
        req.socket.destroy();
        return;
      case 'drop answer': {
        await track(forward(req, body).catch(() => null));
        req.socket.destroy();
        return ended();
      }
      case 'delay': {
        // The request still arrives late even if the phone has given up on it meanwhile.
        await track(new Promise((r) => setTimeout(r, random.int(0, options.delayCapMs))));
        ended();
        return answer(res, await forward(req, body));
      }
      case 'reset mid-body': {
        if (body.length > 1) {
          await track(forward(req, body, true).catch(() => null));
          req.socket.destroy();
          return ended();
        }
        // No body to cut: the answer is cut instead, after the server applied the request.
        const whole = await track(forward(req, body));
        res.writeHead(whole.status, sized(whole.headers, whole.body));
        res.write(whole.body.subarray(0, Math.floor(whole.body.length / 2)));
        req.socket.destroy();
        return ended();
      }
      case 'duplicate': {
        const [first] = await track(
          Promise.all([forward(req, body), forward(req, body).catch(() => null)]),
        );
        ended();
        return answer(res, first);
      }
      default: {
        const status = Number(kind.slice('answer '.length));
        const message = MESSAGES[status] ?? 'Failed';
        return answer(res, {
          status,
          headers: {
            'content-type': 'application/json',
            ...(withRetryAfter && { 'retry-after': String(random.int(1, 10)) }),
          },
          body: Buffer.from(JSON.stringify({ message, code: `proxy_${status}` })),
        });
      }
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      // The app itself unreachable or the browser gone: the browser sees the connection drop.
      req.socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    counts: () => ({ ...counts }),
    injected: () => injected,
    healed: () => injected >= budget,
    heal: () => {
      budget = injected;
    },
    claim,
    faultEnded: ended,
    lastFaultEndedAt: () => lastEnded,
    settled: async () => {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
