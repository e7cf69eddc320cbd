import { houseBookingSchema } from '@twinclean/shared/bookings';
import {
  carpetBookingSchema,
  dryCleaningBookingSchema,
  laundryBookingSchema,
} from '@twinclean/shared/special-bookings';
import { type Route, route } from '../../http/route';
import { hit, LIMITS } from '../../security/rate-limit';
import { type BookingDeps, createHouseBooking } from './service';
import { carpetOrder, dryCleaningOrder, laundryOrder } from './special-orders';
import { createSpecialBooking } from './special-service';

/** Every booking form's route: guests book too, and a signed-in client's booking is theirs. */
const bookingPost = (path: string) =>
  ({ method: 'POST', path, access: { public: true }, bodyLimit: 32 * 1024, status: 201 }) as const;

export function bookingRoutes(deps: BookingDeps): Route[] {
  // One budget for all four forms per address, so switching forms buys no extra bookings.
  const limit = (ip: string) => hit(deps.db, LIMITS.bookingsPerIp, ip);
  return [
    route({ ...bookingPost('/api/bookings'), body: houseBookingSchema }, async (ctx, input) => {
      await limit(ctx.ip);
      return createHouseBooking(deps, input.body, input.user?.id);
    }),
    route(
      { ...bookingPost('/api/bookings/carpet'), body: carpetBookingSchema },
      async (ctx, input) => {
        await limit(ctx.ip);
        return createSpecialBooking(deps, carpetOrder(input.body), input.user?.id);
      },
    ),
    route(
      { ...bookingPost('/api/bookings/laundry'), body: laundryBookingSchema },
      async (ctx, input) => {
        await limit(ctx.ip);
        return createSpecialBooking(deps, laundryOrder(input.body), input.user?.id);
      },
    ),
    route(
      { ...bookingPost('/api/bookings/dry-cleaning'), body: dryCleaningBookingSchema },
      async (ctx, input) => {
        await limit(ctx.ip);
        return createSpecialBooking(deps, dryCleaningOrder(input.body), input.user?.id);
      },
    ),
  ];
}
