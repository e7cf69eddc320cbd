import { type ApiRouter, createRouter } from '../../context';
import { listAddOns } from './service';

export function addOnRoutes(): ApiRouter {
  return createRouter().get('/api/add-ons', async (ctx) => {
    ctx.body = await listAddOns();
  });
}
