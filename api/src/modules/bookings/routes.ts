import { houseBookingSchema } from '@twinclean/shared/bookings';
import type { Knex } from 'knex';
import type { Geocoder } from '../../adapters/geocoder';
import type { Mailer } from '../../adapters/mailer';
import { type ApiRouter, createRouter } from '../../context';
import { parseBody } from '../../http/input';
import { hit, LIMITS } from '../../security/rate-limit';
import { createHouseBooking } from './service';

export function bookingRoutes(deps: { db: Knex; mailer: Mailer; geocoder: Geocoder }): ApiRouter {
  return createRouter().post('/api/bookings', async (ctx) => {
    const input = parseBody(ctx, houseBookingSchema);
    await hit(deps.db, LIMITS.bookingsPerIp, ctx.ip);
    ctx.status = 201;
    ctx.body = await createHouseBooking(deps, input, ctx.session?.userId);
  });
}
