import {
  notServedMessage,
  type ServiceAreaCheck,
  waitlistFormSchema,
  zipParamsSchema,
} from '@twinclean/shared/service-area';
import type { Knex } from 'knex';
import { type Route, route } from '../../http/route';
import { hit, LIMITS } from '../../security/rate-limit';
import { isServed, placeOf } from './served';
import { joinWaitlist } from './waitlist';

const PUBLIC = { public: true } as const;

/**
 * The booking forms' ZIP check as it is typed, and the waitlist a visitor we do not serve yet
 * joins (issue 34). Public, as the forms are.
 */
export function serviceAreaRoutes(deps: { db: Knex }): Route[] {
  const { db } = deps;
  return [
    route(
      { method: 'GET', path: '/api/service-area/:zip', access: PUBLIC, params: zipParamsSchema },
      async (_ctx, { params }): Promise<ServiceAreaCheck> => {
        const served = await isServed(db, params.zip);
        return {
          zip: params.zip,
          served,
          place: placeOf(params.zip),
          message: served ? null : notServedMessage(params.zip),
        };
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/waitlist',
        access: PUBLIC,
        body: waitlistFormSchema,
        status: 201,
      },
      async (ctx, { body }) => {
        // Counted with the site's other forms, per address, before anything is stored.
        await hit(db, LIMITS.formsPerIp, ctx.ip);
        return joinWaitlist(db, body);
      },
    ),
  ];
}
