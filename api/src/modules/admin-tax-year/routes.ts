import { yearEndQuerySchema } from '@twinclean/shared/payout-transfers';
import type { Knex } from 'knex';
import * as z from 'zod/mini';
import { OWNER } from '../../core/admin-access';
import { type Route, route } from '../../http/route';
import { yearEnd } from './year-end';
import { yearEndCsv } from './year-end-csv';

export const YEAR_RANGE_MESSAGE = 'Year must be between 2000 and 2100';

/** A year the business can have paid in: no year 0000, no 9999. */
const yearQuerySchema = z.object({
  year: yearEndQuerySchema.shape.year.check(
    z.refine((year) => year >= 2000 && year <= 2100, YEAR_RANGE_MESSAGE),
  ),
});

/**
 * /admin/year-end (issue 33): per calendar year, what each provider was paid, for the 1099-NEC
 * filings, on the page and as CSV. Owners only: it names every provider's yearly income.
 */
export function adminTaxYearRoutes(deps: { db: Knex }): Route[] {
  return [
    route(
      { method: 'GET', path: '/api/admin/year-end', access: OWNER, query: yearQuerySchema },
      (_ctx, { query }) => yearEnd(deps.db, query.year),
    ),
    route(
      {
        method: 'GET',
        path: '/api/admin/exports/year-end.csv',
        access: OWNER,
        query: yearQuerySchema,
      },
      async (ctx, { query }) => {
        const { filename, csv } = yearEndCsv(await yearEnd(deps.db, query.year));
        ctx.type = 'text/csv; charset=utf-8';
        ctx.attachment(filename);
        return csv;
      },
    ),
  ];
}
