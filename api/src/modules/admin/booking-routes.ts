import {
  adminCancelSchema,
  adminConfirmPriceSchema,
  assignProviderSchema,
  payoutReviewSchema,
} from '@twinclean/shared/admin-booking';
import { ownerPriceApprovalSchema } from '@twinclean/shared/final-price';
import { ADMIN } from '../../core/admin-access';
import { AppError } from '../../errors';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import {
  type AdminBookingDeps,
  approvePriceForClient,
  assignProvider,
  cancelForClient,
  confirmPrice,
  resendPayLink,
  unassignProvider,
} from './booking-actions';
import { adminBooking } from './booking-view';
import { reviewPayout } from './punch-review';

/** The admin booking details page's read and actions (DECISIONS.md "Admin operations"). */
export function adminBookingRoutes(deps: AdminBookingDeps): Route[] {
  const action = (path: string) =>
    ({
      method: 'POST',
      path: `/api/admin/bookings/:id/${path}`,
      access: ADMIN,
      params: idParamsSchema,
    }) as const;
  return [
    route(
      { method: 'GET', path: '/api/admin/bookings/:id', access: ADMIN, params: idParamsSchema },
      (_ctx, { params }) => adminBooking(deps.db, params.id),
    ),
    route({ ...action('assign'), body: assignProviderSchema }, (_ctx, { user, params, body }) =>
      assignProvider(deps, user.id, params.id, body),
    ),
    route(action('unassign'), (_ctx, { user, params }) =>
      unassignProvider(deps, user.id, params.id),
    ),
    route(
      { ...action('confirm-price'), body: adminConfirmPriceSchema },
      (_ctx, { user, params, body }) => confirmPrice(deps, user.id, params.id, body.totalAmount),
    ),
    route(
      {
        ...action('approve-price'),
        access: { roles: ['admin_owner'] },
        body: ownerPriceApprovalSchema,
      },
      (_ctx, { user, params, body }) => approvePriceForClient(deps, user.id, params.id, body),
    ),
    route({ ...action('cancel'), body: adminCancelSchema }, (_ctx, { user, params, body }) => {
      if (body.waiveFee && user.role !== 'admin_owner') {
        throw new AppError(
          403,
          'owner_only',
          'Only the owner can waive the cancellation fee. Cancel without waiving it, or ask the owner.',
        );
      }
      return cancelForClient(deps, user.id, params.id, body);
    }),
    route(action('resend-pay-link'), (_ctx, { user, params }) =>
      resendPayLink(deps, user.id, params.id),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/payouts/:id/review',
        access: ADMIN,
        params: idParamsSchema,
        body: payoutReviewSchema,
      },
      (_ctx, { user, params, body }) => reviewPayout(deps.db, user.id, params.id, body.hoursPaid),
    ),
  ];
}
