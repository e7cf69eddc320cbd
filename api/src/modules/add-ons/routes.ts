import { type Route, route } from '../../http/route';
import { listAddOns } from './service';

export function addOnRoutes(): Route[] {
  return [
    route({ method: 'GET', path: '/api/add-ons', access: { public: true } }, () => listAddOns()),
  ];
}
