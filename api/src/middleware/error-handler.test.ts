import Koa from 'koa';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors';
import { errorHandler, mapError } from './error-handler';

async function respond(error: unknown) {
  const app = new Koa();
  const lines: string[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => lines.push(line) });
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
});
