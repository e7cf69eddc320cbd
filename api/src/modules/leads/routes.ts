import { newsletterSchema, providerApplicationSchema } from '@twinclean/shared/leads';
import type { Knex } from 'knex';
import { type ApiRouter, createRouter } from '../../context';
import { parseBody } from '../../http/input';
import { hit, LIMITS } from '../../security/rate-limit';
import { saveApplication, subscribe } from './service';

export function leadRoutes(db: Knex): ApiRouter {
  return createRouter()
    .post('/api/provider-applications', async (ctx) => {
      const input = parseBody(ctx, providerApplicationSchema);
      await hit(db, LIMITS.formsPerIp, ctx.ip);
      ctx.status = 201;
      ctx.body = { id: await saveApplication(db, input), message: 'Application received' };
    })
    .post('/api/newsletter/subscribe', async (ctx) => {
      const input = parseBody(ctx, newsletterSchema);
      await hit(db, LIMITS.formsPerIp, ctx.ip);
      await subscribe(db, input.email);
      ctx.body = { ok: true, message: 'Successfully subscribed!' };
    });
}
