import { type Route, route } from '../../http/route';
import { loadPricing } from './service';

export function pricingRoutes(): Route[] {
  return [
    route({ method: 'GET', path: '/api/pricing', access: { public: true } }, () => loadPricing()),
  ];
}
