import {
  contactMessageSchema,
  newsletterSchema,
  providerApplicationSchema,
  unsubscribeSchema,
} from '@twinclean/shared/leads';
import type { Knex } from 'knex';
import type { Mailer } from '../../adapters/mailer';
import { AppError } from '../../errors';
import { type Route, route } from '../../http/route';
import { hit, LIMITS } from '../../security/rate-limit';
import { saveContactMessage } from './contact';
import { saveApplication, subscribe, unsubscribe } from './service';
import { subscriberOfToken } from './unsubscribe-token';

const UNSUBSCRIBED = { message: "You're unsubscribed" };

async function unsubscribeWith(db: Knex, token: string) {
  const subscriberId = await subscriberOfToken(db, token);
  if (!subscriberId) {
    throw new AppError(
      400,
      'invalid_token',
      'This unsubscribe link is not valid. Copy the whole link from the e-mail, or write to us and we will take you off the list.',
    );
  }
  await unsubscribe(db, subscriberId);
  return UNSUBSCRIBED;
}

export function leadRoutes(deps: { db: Knex; mailer: Mailer }): Route[] {
  const { db } = deps;
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
    route(
      {
        method: 'POST',
        path: '/api/contact',
        access: { public: true },
        body: contactMessageSchema,
        bodyLimit: 32 * 1024,
        status: 201,
      },
      async (ctx, { body }) => {
        // Counted with the site's other forms, per address, before anything is stored.
        await hit(db, LIMITS.formsPerIp, ctx.ip);
        await saveContactMessage(deps, body);
        return { message: "Thanks! We'll get back to you within 24 hours." };
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/newsletter/unsubscribe',
        access: { public: true },
        body: unsubscribeSchema,
      },
      (_ctx, { body }) => unsubscribeWith(db, body.token),
    ),
    // RFC 8058: a mail app's Unsubscribe button POSTs `List-Unsubscribe=One-Click` as a form to
    // the List-Unsubscribe address; that body says nothing, so none is read.
    route(
      {
        method: 'POST',
        path: '/api/newsletter/unsubscribe/one-click',
        access: { public: true },
        query: unsubscribeSchema,
      },
      (_ctx, { query }) => unsubscribeWith(db, query.token),
    ),
  ];
}
