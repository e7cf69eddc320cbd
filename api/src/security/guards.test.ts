import Koa from 'koa';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../middleware/error-handler';
import { useTestDatabase } from '../test/test-database';
import { ADMIN_ROLES, requireRole } from './guards';

const db = useTestDatabase();
let base = '';
let close = () => {};

beforeAll(async () => {
  const app = new Koa();
  app.use(errorHandler(pino({ level: 'silent' })));
  // The session stands in for koa-session: the guard only reads userId from it.
  app.use(async (ctx) => {
    const session = { userId: ctx.get('x-user') || undefined };
    const user = await requireRole({ session }, ADMIN_ROLES);
    ctx.body = { id: user.id };
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('requireRole', () => {
  it('answers 401 without a session, 403 for another role, and lets the right role in', async () => {
    const [client] = await db
      .knex('users')
      .insert({ email: 'c@example.com', firstName: 'C', lastName: 'L' })
      .returning('id');
    const [staff] = await db
      .knex('users')
      .insert({ email: 's@example.com', firstName: 'S', lastName: 'T', role: 'admin_staff' })
      .returning('id');
    const as = (id?: string) => fetch(base, { headers: id ? { 'x-user': id } : {} });
    expect((await as()).status).toBe(401);
    const wrong = await as(client.id);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({
      message: 'You do not have access to this page.',
      code: 'forbidden',
    });
    expect(await (await as(staff.id)).json()).toEqual({ id: staff.id });
  });
});
