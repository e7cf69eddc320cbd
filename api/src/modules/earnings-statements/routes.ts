import { weekStartParamSchema } from '@twinclean/shared/payout-transfers';
import type { Knex } from 'knex';
import * as z from 'zod/mini';
import { type Route, route } from '../../http/route';
import { isMonday } from '../payout-transfers/week-schedule';
import { statementPdf } from './statement-pdf';
import { statementList, weekStatement } from './statements';

const PROVIDER = { roles: ['provider'] } as const;

export const NOT_A_MONDAY_MESSAGE = 'Use the Monday a week starts on, like 2026-11-23';

/** A statement is named by its week's Monday (a Chicago calendar day). */
export const mondayParamsSchema = z.object({
  weekStart: weekStartParamSchema.shape.weekStart.check(
    // isMonday reads only a real calendar date (its own check), whatever else the text is.
    z.refine((date) => isMonday(date), NOT_A_MONDAY_MESSAGE),
  ),
});

/** The file a statement downloads as. */
export const statementFilename = (weekStart: string) => `twinclean-statement-${weekStart}.pdf`;

/**
 * Issue 33 "Statements": a provider reads their own weeks (jobs, hours, pay, the transfer and
 * when it arrives) and downloads each as a PDF. Every read is scoped to the caller: no path
 * names a provider, so another's payouts cannot be asked for.
 */
export function earningsStatementRoutes(deps: { db: Knex }): Route[] {
  return [
    route({ method: 'GET', path: '/api/provider/statements', access: PROVIDER }, (_ctx, { user }) =>
      statementList(deps.db, user.id),
    ),
    route(
      {
        method: 'GET',
        path: '/api/provider/statements/:weekStart',
        access: PROVIDER,
        params: mondayParamsSchema,
      },
      (_ctx, { user, params }) => weekStatement(deps.db, user.id, params.weekStart),
    ),
    route(
      {
        method: 'GET',
        path: '/api/provider/statements/:weekStart/pdf',
        access: PROVIDER,
        params: mondayParamsSchema,
      },
      async (ctx, { user, params }) => {
        const statement = await weekStatement(deps.db, user.id, params.weekStart);
        const bytes = await statementPdf({
          statement,
          providerName: `${user.firstName} ${user.lastName}`,
        });
        ctx.type = 'application/pdf';
        ctx.set(
          'Content-Disposition',
          `attachment; filename="${statementFilename(params.weekStart)}"`,
        );
        return bytes;
      },
    ),
  ];
}
