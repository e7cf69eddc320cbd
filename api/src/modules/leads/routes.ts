import { newsletterSchema, providerApplicationSchema } from '@twinclean/shared/leads';
import type { Knex } from 'knex';
import { type Route, route } from '../../http/route';
import { hit, LIMITS } from '../../security/rate-limit';
import { saveApplication, subscribe } from './service';

export function leadRoutes(db: Knex): Route[] {
  return [
    route(
      {
        method: 'POST',
        path: '/api/provider-applications',
        access: { public: true },
        body: providerApplicationSchema,
        bodyLimit: 64 * 1024,
        status: 201,
      },
      async (ctx, { body }) => {
        await hit(db, LIMITS.formsPerIp, ctx.ip);
        return { id: await saveApplication(db, body), message: 'Application received' };
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/newsletter/subscribe',
        access: { public: true },
        body: newsletterSchema,
      },
      async (ctx, { body }) => {
        await hit(db, LIMITS.formsPerIp, ctx.ip);
        await subscribe(db, body.email);
        return { ok: true, message: 'Successfully subscribed!' };
      },
    ),
  ];
}
