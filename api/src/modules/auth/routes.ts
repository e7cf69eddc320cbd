import { type ApiRouter, createRouter } from '../../context';
import { currentUser } from './service';

export function authRoutes(): ApiRouter {
  return createRouter().get('/api/auth/user', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await currentUser(ctx.session?.userId);
  });
}
