import Koa from 'koa';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { errorHandler } from './error-handler';
import { requestLog } from './request-log';

describe('requestLog', () => {
  it('records the status the client got, also when a route threw', async () => {
    const lines: { method: string; url: string; status: number; ms: number }[] = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    const app = new Koa();
    app.use(requestLog(logger));
    app.use(errorHandler(logger));
    app.use(() => {
      throw new AppError(409, 'conflict', 'Taken.');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as { port: number };
      await fetch(`http://127.0.0.1:${port}/api/jobs?x=1`, { method: 'POST' });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'POST', url: '/api/jobs?x=1', status: 409 });
    expect(lines[0]?.ms).toEqual(expect.any(Number));
  });
});
