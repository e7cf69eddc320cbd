import {
  contactFormFiltersSchema,
  contactReplySchema,
  marketingFiltersSchema,
  newsletterSendSchema,
  newslettersQuerySchema,
  subscriberFiltersSchema,
} from '@twinclean/shared/admin-leads';
import { ADMIN } from '../../core/admin-access';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import {
  contactFormDetail,
  listContactForms,
  markContactAnswered,
  replyToContact,
} from './contact-forms';
import { listMarketingContacts, marketingContactsCsv } from './marketing-contacts';
import type { LeadDeps } from './newsletter-deps';
import { listNewsletters, sendNewsletter } from './newsletter-send';
import { listSubscribers, subscribersCsv } from './subscribers';

/** Marketing & Leads (issue 17): both admin roles run them. */
export function adminLeadRoutes(deps: LeadDeps): Route[] {
  const { db } = deps;
  return [
    route(
      {
        method: 'GET',
        path: '/api/admin/contact-forms',
        access: ADMIN,
        query: contactFormFiltersSchema,
      },
      (_ctx, { query }) => listContactForms(db, query),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/contact-forms/:id',
        access: ADMIN,
        params: idParamsSchema,
      },
      (_ctx, { params }) => contactFormDetail(db, params.id),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/contact-forms/:id/reply',
        access: ADMIN,
        params: idParamsSchema,
        body: contactReplySchema,
        bodyLimit: 32 * 1024,
      },
      (_ctx, { user, params, body }) => replyToContact(deps, user.id, params.id, body),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/contact-forms/:id/mark-answered',
        access: ADMIN,
        params: idParamsSchema,
      },
      (_ctx, { user, params }) => markContactAnswered(db, user.id, params.id),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/newsletter/subscribers',
        access: ADMIN,
        query: subscriberFiltersSchema,
      },
      (_ctx, { query }) => listSubscribers(db, query),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/exports/newsletter-subscribers.csv',
        access: ADMIN,
        query: subscriberFiltersSchema,
      },
      async (ctx, { query: { page: _page, ...filters } }) => {
        const { filename, file } = await subscribersCsv(db, filters);
        ctx.type = 'text/csv; charset=utf-8';
        ctx.attachment(filename);
        return file;
      },
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/newsletters',
        access: ADMIN,
        query: newslettersQuerySchema,
      },
      (_ctx, { query }) => listNewsletters(db, query.page),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/newsletters',
        access: ADMIN,
        body: newsletterSendSchema,
        bodyLimit: 64 * 1024,
        status: 201,
      },
      (_ctx, { user, body }) => sendNewsletter(deps, user.id, body),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/marketing-contacts',
        access: ADMIN,
        query: marketingFiltersSchema,
      },
      (_ctx, { query }) => listMarketingContacts(db, query),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/exports/marketing-contacts.csv',
        access: ADMIN,
        query: marketingFiltersSchema,
      },
      async (ctx, { query: { page: _page, ...filters } }) => {
        const { filename, file } = await marketingContactsCsv(db, filters);
        ctx.type = 'text/csv; charset=utf-8';
        ctx.attachment(filename);
        return file;
      },
    ),
  ];
}
