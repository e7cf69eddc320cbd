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
 * prices it again. Public, as the forms are, and rate-limited apart (codes are short enough to
 * guess at).
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
        await hit(db, LIMITS.codeChecksPerIp, ctx.ip);
        const code = await DiscountCode.query(db).findOne({ code: body.code });
        // The client's own rules only for the signed-in client's own account: answering them for
        // any e-mail typed would tell a stranger who has booked with us. A guest learns at booking.
        const client = user?.role === 'client' ? user : null;
        const problem =
          codeProblem(code, body.serviceType, chicagoDate(new Date())) ??
          (code && client
            ? await clientProblem(db, code, { email: client.email, clientId: client.id })
            : null);
        if (problem || !code) throw codeRefused(problem ?? '');
        return termsOf(code);
      },
    ),
  ];
}
