import { loadPricing } from '../../core/pricing';
import { type Route, route } from '../../http/route';

export function pricingRoutes(): Route[] {
  return [
    route({ method: 'GET', path: '/api/pricing', access: { public: true } }, () => loadPricing()),
  ];
}
