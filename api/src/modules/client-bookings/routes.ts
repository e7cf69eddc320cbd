import { cancelBookingSchema, rescheduleBookingSchema } from '@twinclean/shared/client-bookings';
import { priceApprovalSchema } from '@twinclean/shared/final-price';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import { approveProposedPrice } from '../final-price/approvals';
import {
  type ClientBookingDeps,
  cancelClientBooking,
  getClientBooking,
  listClientBookings,
  rescheduleClientBooking,
} from './service';

const CLIENT = { roles: ['client'] } as const;
const OWN_BOOKING = { roles: ['client'], owns: 'booking' } as const;

/** Spec 2 §7: the signed-in client's bookings, and canceling or moving one. */
export function clientBookingRoutes(deps: ClientBookingDeps): Route[] {
  return [
    route({ method: 'GET', path: '/api/bookings', access: CLIENT }, (_ctx, { user }) =>
      listClientBookings(deps.db, user.id),
    ),
    route(
      { method: 'GET', path: '/api/bookings/:id', access: OWN_BOOKING, params: idParamsSchema },
      (_ctx, { user, params }) => getClientBooking(deps.db, user.id, params.id),
    ),
    route(
      {
        method: 'POST',
        path: '/api/bookings/:id/cancel',
        access: OWN_BOOKING,
        params: idParamsSchema,
        body: cancelBookingSchema,
      },
      (_ctx, { user, params, body }) => cancelClientBooking(deps, user.id, params.id, body),
    ),
    route(
      {
        method: 'POST',
        path: '/api/bookings/:id/reschedule',
        access: OWN_BOOKING,
        params: idParamsSchema,
        body: rescheduleBookingSchema,
      },
      (_ctx, { user, params, body }) => rescheduleClientBooking(deps, user.id, params.id, body),
    ),
    // DECISIONS.md "Final price consent": "Approve new price" on the booking page.
    route(
      {
        method: 'POST',
        path: '/api/bookings/:id/approve-price',
        access: OWN_BOOKING,
        params: idParamsSchema,
        body: priceApprovalSchema,
      },
      async (_ctx, { user, params, body }) => {
        // Another client's booking looks exactly like one that does not exist.
        await getClientBooking(deps.db, user.id, params.id);
        await approveProposedPrice(deps, params.id, body.totalAmount, {
          kind: 'client',
          userId: user.id,
        });
        return getClientBooking(deps.db, user.id, params.id);
      },
    ),
  ];
}
