import { type ApiRouter, createRouter } from '../../context';
import { loadPricing } from './service';

export function pricingRoutes(): ApiRouter {
  return createRouter().get('/api/pricing', async (ctx) => {
    ctx.body = await loadPricing();
  });
}
