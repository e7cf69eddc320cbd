import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { createSms, type Sms } from '../adapters/sms';

/** A message as the stand-in keeps it: what Twilio would hold and list. */
export type StandInMessage = {
  sid: string;
  to: string;
  from: string;
  body: string;
  dateCreated: Date;
};

/** One API call as the stand-in received it: what the adapter really sent. */
export type StandInCall = { method: string; path: string; params: Record<string, string> };

const newSid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/**
 * A stand-in for Twilio's Messages API on loopback (create and list, basic auth, Twilio's JSON
 * and error shapes), so the SMS adapter runs over real HTTP without the network. Besides what
 * Twilio does, it can fail on purpose: the next calls answered 500 or 429, a message taken and
 * its answer dropped (the connection cut, as when the network fails on the way back), and
 * numbers that replied STOP (21610) or are not valid (21211).
 */
export async function startTwilioStandIn(account = { sid: `AC${'ab'.repeat(16)}`, token: '' }) {
  const accountSid = account.sid;
  const authToken = account.token || randomBytes(16).toString('hex');
  const messages: StandInMessage[] = [];
  const calls: StandInCall[] = [];
  const failures: (500 | 429)[] = [];
  let dropAnswers = 0;
  const unsubscribed = new Set<string>();
  const invalid = new Set<string>();
  const base = `/2010-04-01/Accounts/${accountSid}/Messages.json`;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string) =>
    json(res, status, {
      code,
      message,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    });
  const shape = (m: StandInMessage) => ({
    sid: m.sid,
    account_sid: accountSid,
    to: m.to,
    from: m.from,
    body: m.body,
    status: 'queued',
    date_created: m.dateCreated.toUTCString().replace('GMT', '+0000'),
    date_sent: null,
    num_segments: String(Math.ceil(m.body.length / 160)),
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const params = Object.fromEntries([
      ...url.searchParams,
      ...new URLSearchParams(Buffer.concat(chunks).toString()),
    ]);
    calls.push({ method, path: url.pathname, params });

    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return error(res, 401, 20003, 'Authentication Error - invalid username');
    }
    if (url.pathname !== base)
      return error(res, 404, 20404, 'The requested resource was not found');
    const failure = failures.shift();
    if (failure === 500) return error(res, 500, 20500, 'Internal Server Error');
    if (failure === 429) return error(res, 429, 20429, 'Too Many Requests');

    if (method === 'GET') {
      // Newest first, as Twilio lists them; To and From filter exactly.
      const listed = messages
        .filter(
          (m) => (!params.To || m.to === params.To) && (!params.From || m.from === params.From),
        )
        .reverse();
      return json(res, 200, { messages: listed.map(shape), next_page_uri: null });
    }
    if (method !== 'POST') return error(res, 405, 20004, 'Method not allowed');
    const from = params.From ?? params.MessagingServiceSid;
    if (!params.To || !from || !params.Body) {
      return error(res, 400, 21604, "A 'To', 'From' and 'Body' are required.");
    }
    if (invalid.has(params.To)) {
      return error(res, 400, 21211, `The 'To' number ${params.To} is not a valid phone number.`);
    }
    if (unsubscribed.has(params.To)) {
      return error(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
    }
    const message = {
      sid: newSid('SM'),
      to: params.To,
      from,
      body: params.Body,
      dateCreated: new Date(),
    };
    messages.push(message);
    if (dropAnswers > 0) {
      dropAnswers -= 1;
      // Taken, and the answer never arrives.
      req.socket.destroy();
      return;
    }
    json(res, 201, shape(message));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => error(res, 500, 20500, String(e)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accountSid,
    authToken,
    messages,
    calls,
    /** The messages to one number, in the order taken. */
    to: (number: string) => messages.filter((m) => m.to === number),
    /** The next `n` calls answer `status` (Twilio's 500, or 429 Too Many Requests). */
    failNext(n: number, status: 500 | 429) {
      for (let i = 0; i < n; i += 1) failures.push(status);
    },
    /** The next `n` messages are taken, and their answers lost. */
    dropNextAnswers(n = 1) {
      dropAnswers += n;
    },
    /** This number replied STOP to our number at Twilio: sends to it are refused, 21610. */
    unsubscribe(number: string) {
      unsubscribed.add(number);
    },
    /** Twilio does not take this number: 21211. */
    markInvalid(number: string) {
      invalid.add(number);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type TwilioStandIn = Awaited<ReturnType<typeof startTwilioStandIn>>;

/**
 * A stand-in for the test file, and the SMS adapter pointed at it sending from `from`, logging
 * into `logs` (one JSON line each), to read what it wrote.
 */
export function useTwilioStandIn(db: { knex: Knex }, from = '+16125550100') {
  const handle = {
    twilio: undefined as unknown as TwilioStandIn,
    sms: undefined as unknown as Sms,
    logs: [] as string[],
  };
  beforeAll(async () => {
    handle.twilio = await startTwilioStandIn();
    const logger = pino({ level: 'debug' }, { write: (line: string) => handle.logs.push(line) });
    handle.sms = createSms({
      db: db.knex,
      logger,
      accountSid: handle.twilio.accountSid,
      authToken: handle.twilio.authToken,
      from,
      apiUrl: handle.twilio.url,
    });
  });
  afterAll(() => handle.twilio.close());
  return handle;
}
