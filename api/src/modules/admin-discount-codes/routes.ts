import { discountCodeFormSchema, discountCodePatchSchema } from '@twinclean/shared/discount-codes';
import type { Knex } from 'knex';
import { ADMIN, OWNER } from '../../core/admin-access';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import { changeCode, createCode, listCodes } from './codes';

/**
 * /admin/discount-codes (issue 34): every admin sees the codes and their use; the owner creates
 * them and changes their reach (on or off, end date, total uses).
 */
export function adminDiscountCodeRoutes(deps: { db: Knex }): Route[] {
  const { db } = deps;
  return [
    route({ method: 'GET', path: '/api/admin/discount-codes', access: ADMIN }, async () => ({
      codes: await listCodes(db),
    })),
    route(
      {
        method: 'POST',
        path: '/api/admin/discount-codes',
        access: OWNER,
        body: discountCodeFormSchema,
        status: 201,
      },
      (_ctx, { body, user }) => createCode(db, user.id, body),
    ),
    route(
      {
        method: 'PATCH',
        path: '/api/admin/discount-codes/:id',
        access: OWNER,
        params: idParamsSchema,
        body: discountCodePatchSchema,
      },
      (_ctx, { params, body, user }) => changeCode(db, user.id, params.id, body),
    ),
  ];
}
