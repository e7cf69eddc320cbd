import { payoutFiltersSchema } from '@twinclean/shared/admin';
import { auditFiltersSchema } from '@twinclean/shared/admin-audit';
import { paymentRecordFiltersSchema, refundInputSchema } from '@twinclean/shared/admin-payments';
import { reconciliationQuerySchema } from '@twinclean/shared/admin-reconciliation';
import { ADMIN, OWNER } from '../../core/admin-access';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import type { PaymentDeps } from '../payments/ledger';
import { listAuditLog } from './audit-log';
import { listPaymentRecords } from './payment-records';
import { payoutsCsv } from './payouts-csv';
import { reconciliationReport } from './reconciliation';
import { refundPayment } from './refunds';

/**
 * The admin area's money and records: the payout export, payments and refunds, their
 * reconciliation with the gateway, the audit log.
 */
export function adminFinanceRoutes(deps: PaymentDeps): Route[] {
  return [
    route(
      {
        method: 'GET',
        path: '/api/admin/exports/payouts.csv',
        access: ADMIN,
        query: payoutFiltersSchema,
      },
      async (ctx, { query }) => {
        const { filename, csv } = await payoutsCsv(deps.db, query);
        ctx.type = 'text/csv; charset=utf-8';
        ctx.attachment(filename);
        return csv;
      },
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/payment-records',
        access: ADMIN,
        query: paymentRecordFiltersSchema,
      },
      (_ctx, { query }) => listPaymentRecords(deps.db, query),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/payments/:id/refund',
        access: OWNER,
        params: idParamsSchema,
        body: refundInputSchema,
      },
      (_ctx, { user, params, body }) => refundPayment(deps, user.id, params.id, body),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/reconciliation',
        access: ADMIN,
        query: reconciliationQuerySchema,
      },
      (_ctx, { query }) => reconciliationReport(deps, query),
    ),
    route(
      { method: 'GET', path: '/api/admin/audit-log', access: OWNER, query: auditFiltersSchema },
      (_ctx, { query }) => listAuditLog(deps.db, query),
    ),
  ];
}
