import { transferFiltersSchema, transferListQuerySchema } from '@twinclean/shared/payout-transfers';
import { ADMIN, OWNER } from '../../core/admin-access';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import type { PaymentDeps } from '../payments/ledger';
import { cancelTransferAnswer, retryTransferAnswer } from './transfer-actions';
import { listTransfers, transferDetail } from './transfers';
import { transfersCsv } from './transfers-csv';

/**
 * /admin/transfers (issue 33): the weekly transfers to providers, their states and lines, the
 * export; both admins retry a delayed one, only owners give one up.
 */
export function adminTransferRoutes(deps: PaymentDeps): Route[] {
  return [
    route(
      {
        method: 'GET',
        path: '/api/admin/payout-transfers',
        access: ADMIN,
        query: transferListQuerySchema,
      },
      (_ctx, { query }) => listTransfers(deps.db, query),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/payout-transfers/:id',
        access: ADMIN,
        params: idParamsSchema,
      },
      (_ctx, { params }) => transferDetail(deps.db, params.id),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/payout-transfers/:id/retry',
        access: ADMIN,
        params: idParamsSchema,
      },
      (_ctx, { params }) => retryTransferAnswer(deps, params.id),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/payout-transfers/:id/cancel',
        access: OWNER,
        params: idParamsSchema,
      },
      (_ctx, { user, params }) => cancelTransferAnswer(deps, user.id, params.id),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/exports/payout-transfers.csv',
        access: ADMIN,
        query: transferFiltersSchema,
      },
      async (ctx, { query }) => {
        const { filename, csv } = await transfersCsv(deps.db, query);
        ctx.type = 'text/csv; charset=utf-8';
        ctx.attachment(filename);
        return csv;
      },
    ),
  ];
}
