import {
  adminRatingsQuerySchema,
  ratingInputSchema,
  ratingTokenParamsSchema,
} from '@twinclean/shared/ratings';
import type { Knex } from 'knex';
import { ADMIN } from '../../core/admin-access';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import { providerRatings, setCommentHidden } from './admin';
import { type RatingHooks, rateByLink, rateOwnVisit, ratingLinkView } from './service';

/**
 * Issue 18 "Ratings": a client rates their completed visit from the booking page, or anyone with
 * the completion e-mail's link does (a guest has no account); admins read a provider's ratings
 * and hide abusive comments. The rating shows in the client's booking details (GET /api/bookings/{id}).
 * `hooks` react to a new rating (app.ts wires the owners' low-rating alert).
 */
export function ratingRoutes(db: Knex, hooks: RatingHooks = {}): Route[] {
  return [
    route(
      {
        method: 'POST',
        path: '/api/bookings/:id/rating',
        access: { roles: ['client'], owns: 'booking' },
        params: idParamsSchema,
        body: ratingInputSchema,
        status: 201,
      },
      (_ctx, { user, params, body }) =>
        rateOwnVisit(db, user.id, params.id, body, new Date(), hooks),
    ),
    route(
      {
        method: 'GET',
        path: '/api/ratings/:token',
        access: { public: true },
        params: ratingTokenParamsSchema,
      },
      (_ctx, { params }) => ratingLinkView(db, params.token),
    ),
    route(
      {
        method: 'POST',
        path: '/api/ratings/:token',
        access: { public: true },
        params: ratingTokenParamsSchema,
        body: ratingInputSchema,
        status: 201,
      },
      (_ctx, { params, body }) => rateByLink(db, params.token, body, new Date(), hooks),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/providers/:id/ratings',
        access: ADMIN,
        params: idParamsSchema,
        query: adminRatingsQuerySchema,
      },
      (_ctx, { params, query }) => providerRatings(db, params.id, query),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/ratings/:id/hide',
        access: ADMIN,
        params: idParamsSchema,
      },
      (_ctx, { user, params }) => setCommentHidden(db, user.id, params.id, true),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/ratings/:id/show',
        access: ADMIN,
        params: idParamsSchema,
      },
      (_ctx, { user, params }) => setCommentHidden(db, user.id, params.id, false),
    ),
  ];
}
