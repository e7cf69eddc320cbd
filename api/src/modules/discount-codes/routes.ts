import { type DiscountTerms, discountCheckSchema } from '@twinclean/shared/discount-codes';
import { chicagoDate } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { type Route, route } from '../../http/route';
import { DiscountCode } from '../../models/discount-code';
import { hit, LIMITS } from '../../security/rate-limit';
import { clientProblem } from './eligibility';
import { codeProblem, codeRefused, termsOf } from './rule';

/**
 * POST /api/discount-codes/check: whether a typed code applies, and what it takes off, for the
 * forms to show the price it makes. Only a preview: the booking claims the code and the server
 * prices it again. Public, as the forms are, and rate-limited as payments are (codes are short
 * enough to guess at).
 */
export function discountCodeRoutes(deps: { db: Knex }): Route[] {
  const { db } = deps;
  return [
    route(
      {
        method: 'POST',
        path: '/api/discount-codes/check',
        access: { public: true },
        body: discountCheckSchema,
      },
      async (ctx, { body, user }): Promise<DiscountTerms> => {
        await hit(db, LIMITS.paymentsPerIp, ctx.ip);
        const code = await DiscountCode.query(db).findOne({ code: body.code });
        const clientId = user?.role === 'client' ? user.id : null;
        const problem =
          codeProblem(code, body.serviceType, chicagoDate(new Date())) ??
          (code && body.email
            ? await clientProblem(db, code, { email: body.email, clientId })
            : null);
        if (problem || !code) throw codeRefused(problem ?? '');
        return termsOf(code);
      },
    ),
  ];
}
