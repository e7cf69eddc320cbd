import Koa from 'koa';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { apiRouter } from '../../app';
import { createKnex } from '../../db/connection';
import { errorHandler } from '../../middleware/error-handler';
import { useTestDatabase } from '../../test/test-database';
import { healthRoutes } from './routes';

const db = useTestDatabase();

async function ask(app: Koa, path: string) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}${path}`);
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  } finally {
    server.close();
  }
}

function appWith(routes: ReturnType<typeof healthRoutes>) {
  const app = new Koa();
  app.use(errorHandler(pino({ level: 'silent' })));
  app.use(apiRouter(routes).routes());
  return app;
}

describe('health', () => {
  it('is live and ready while the database answers and the process is not stopping', async () => {
    const app = appWith(healthRoutes(db.knex));
    expect(await ask(app, '/api/health/live')).toMatchObject({
      status: 200,
      json: { status: 'ok' },
    });
    expect(await ask(app, '/api/health/ready')).toMatchObject({
      status: 200,
      json: { status: 'ok', database: 'ok' },
    });
  });

  it('is not ready while draining, yet still live', async () => {
    const app = appWith(healthRoutes(db.knex, { draining: true }));
    expect(await ask(app, '/api/health/ready')).toMatchObject({
      status: 503,
      json: { message: 'This server is shutting down.' },
    });
    expect((await ask(app, '/api/health/live')).status).toBe(200);
  });

  it('is not ready when the database cannot be reached, yet still live', async () => {
    const unreachable = createKnex('postgres://nobody@127.0.0.1:1/none');
    try {
      const app = appWith(healthRoutes(unreachable));
      expect(await ask(app, '/api/health/ready')).toMatchObject({
        status: 503,
        json: { message: 'The database is not reachable.' },
      });
      expect((await ask(app, '/api/health/live')).status).toBe(200);
    } finally {
      await unreachable.destroy();
    }
  });
});
