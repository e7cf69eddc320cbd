import net from 'node:net';
import knex from 'knex';
import Koa from 'koa';
import { DataError } from 'objection';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { markDatabaseError } from '../db/unreachable';
import { AppError } from '../errors';
import { errorHandler, mapError } from './error-handler';

const reset = () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });

async function respond(error: unknown) {
  const app = new Koa();
  const lines: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
  app.use(errorHandler(logger));
  app.use(() => {
    throw error;
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
    return {
      status: res.status,
      body: (await res.json()) as { code: string; message: string; issues: { path: string[] }[] },
      logged: lines.join(''),
      retryAfter: res.headers.get('Retry-After'),
    };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('errorHandler', () => {
  it('answers an AppError with its status, code and message', async () => {
    const { status, body } = await respond(
      new AppError(409, 'conflict', 'This job may no longer be available.'),
    );
    expect(status).toBe(409);
    expect(body).toEqual({ message: 'This job may no longer be available.', code: 'conflict' });
  });

  it('answers a zod failure with 400, the first problem as the message, and every issue', async () => {
    const result = z
      .object({ email: z.string().email(), zip: z.string().length(5) })
      .safeParse({ email: 'x', zip: '1' });
    const { status, body } = await respond(result.error);
    expect(status).toBe(400);
    expect(body.code).toBe('validation_error');
    expect(body.message).toMatch(/^email: /);
    expect(body.issues.map((i: { path: string[] }) => i.path[0])).toEqual(['email', 'zip']);
  });

  it('maps PostgreSQL constraint errors to 409 and 400 without leaking their text', () => {
    expect(mapError({ code: '23505', detail: 'Key (email)=(a@b.c) already exists.' })).toEqual({
      status: 409,
      body: { message: 'That record already exists.', code: 'conflict' },
    });
    expect(mapError({ code: '23514' })?.status).toBe(400);
    expect(mapError({ code: '22P02' })?.status).toBe(400);
  });

  it('maps database errors by SQLSTATE class, wrapped by Objection or not', () => {
    // Objection's typings name a message; at run time db-errors takes the pg error it wraps.
    const Wrapper = DataError as unknown as new (args: {
      nativeError: Error;
      client: string;
    }) => Error;
    const wrapped = (code: string) =>
      new Wrapper({ nativeError: Object.assign(new Error('pg'), { code }), client: 'postgres' });
    expect(mapError(wrapped('22021'))).toEqual({
      status: 400,
      body: {
        message: 'Some text contains a character that cannot be stored.',
        code: 'invalid_value',
      },
    });
    expect(mapError(wrapped('22012'))?.status).toBe(400);
    expect(mapError({ code: '54000' })?.status).toBe(400);
    expect(mapError({ code: '23P01' })?.status).toBe(409);
    for (const transient of ['40001', '40P01', '55P03', '57014', '53300']) {
      expect(mapError({ code: transient }), transient).toMatchObject({
        status: 503,
        body: { code: 'busy', details: { retryAfterSeconds: 1 } },
      });
    }
    expect(mapError(new knex.KnexTimeoutError('pool'))?.status).toBe(503);
    // Our own mistakes (a bad query) stay 500s.
    expect(mapError({ code: '42703' })).toBeUndefined();
  });

  it('answers the database being away (restart, failover) with 503 and Retry-After', async () => {
    const unreachable = {
      status: 503,
      body: {
        message: 'The database is not reachable. Please try again.',
        code: 'database_unavailable',
        details: { retryAfterSeconds: 2 },
      },
    };
    // Sessions ended by a shutdown, a server starting up, a connection exception.
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001']) {
      expect(mapError(Object.assign(new Error('pg'), { code })), code).toEqual(unreachable);
    }
    // node-postgres's errors for a connection that died under a query have no code; knex puts
    // the statement first, and Objection may wrap them.
    const terminated = new Error('ROLLBACK - Connection terminated unexpectedly');
    expect(mapError(terminated)).toEqual(unreachable);
    const Wrapper = DataError as unknown as new (args: {
      nativeError: Error;
      client: string;
    }) => Error;
    expect(mapError(new Wrapper({ nativeError: terminated, client: 'postgres' }))).toEqual(
      unreachable,
    );
    expect(
      mapError(new Error('Client has encountered a connection error and is not queryable')),
    ).toEqual(unreachable);
    // A refused socket is the database's only when the pool marked it so.
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    markDatabaseError(refused);
    const { status, body, logged, retryAfter } = await respond(refused);
    expect({ status, body }).toEqual(unreachable);
    expect(retryAfter).toBe('2');
    // Logged as a warning with its cause, so an outage the phones ride out is still seen.
    expect(JSON.parse(logged)).toMatchObject({
      level: 40,
      msg: 'answered 503',
      code: 'database_unavailable',
      err: { message: 'connect ECONNREFUSED 127.0.0.1:5432' },
    });
  });

  it("leaves a refused socket that is not the database's a failure", () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), {
      code: 'ECONNREFUSED',
    });
    expect(mapError(refused)).toBeUndefined();
  });

  it('turns anything else into a 500 that says nothing of the cause, and logs it', async () => {
    const { status, body, logged } = await respond(new Error('password=hunter2 in some query'));
    expect(status).toBe(500);
    expect(body).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'internal_error',
    });
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(logged).toContain('hunter2');
  });

  it("answers a reset of one of the server's own connections as a failure", async () => {
    // The client still waits: the database or a gateway dropped, not the browser.
    const { status, logged } = await respond(reset());
    expect(status).toBe(500);
    expect(logged).toContain('ECONNRESET');
  });

  it('neither answers nor logs as an error a request whose client hung up', async () => {
    const app = new Koa();
    const lines: { level: number; msg: string }[] = [];
    const logger = pino(
      { level: 'debug' },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    let thrown = () => {};
    const handled = new Promise<void>((resolve) => {
      thrown = resolve;
    });
    app.use(async (_ctx, next) => {
      await next();
      thrown();
    });
    app.use(errorHandler(logger));
    // A route still working when the client leaves, whose stream then fails for that reason.
    app.use(async (ctx) => {
      await new Promise((resolve) => ctx.req.socket.once('close', resolve));
      throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const socket = net.connect((server.address() as { port: number }).port, '127.0.0.1');
      let answered = '';
      socket.on('data', (chunk: Buffer) => {
        answered += chunk.toString();
      });
      socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.destroy();
      await handled;
      expect(answered).toBe('');
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      expect(lines.map((line) => line.msg)).toEqual(['client went away']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
