import { houseBookingSchema } from '@twinclean/shared/bookings';
import { type ApiRouter, createRouter } from '../../context';
import { parseBody } from '../../http/input';
import { hit, LIMITS } from '../../security/rate-limit';
import { type BookingDeps, createHouseBooking } from './service';

export function bookingRoutes(deps: BookingDeps): ApiRouter {
  return createRouter().post('/api/bookings', async (ctx) => {
    const input = parseBody(ctx, houseBookingSchema);
    await hit(deps.db, LIMITS.bookingsPerIp, ctx.ip);
    ctx.status = 201;
    ctx.body = await createHouseBooking(deps, input, ctx.session?.userId);
  });
}
