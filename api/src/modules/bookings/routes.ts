import { houseBookingSchema } from '@twinclean/shared/bookings';
import { type Route, route } from '../../http/route';
import { hit, LIMITS } from '../../security/rate-limit';
import { type BookingDeps, createHouseBooking } from './service';

export function bookingRoutes(deps: BookingDeps): Route[] {
  return [
    // Guests book too; a signed-in client's booking is theirs.
    route(
      {
        method: 'POST',
        path: '/api/bookings',
        access: { public: true },
        body: houseBookingSchema,
        bodyLimit: 32 * 1024,
        status: 201,
      },
      async (ctx, { user, body }) => {
        await hit(deps.db, LIMITS.bookingsPerIp, ctx.ip);
        return createHouseBooking(deps, body, user?.id);
      },
    ),
  ];
}
