import {
  type GiftCardBalance,
  giftCardCheckSchema,
  giftCardPaidSchema,
  giftCardPurchaseSchema,
} from '@twinclean/shared/gift-cards';
import { centsToDollars } from '@twinclean/shared/money';
import { AppError } from '../../errors';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import { hit, LIMITS, type Limit } from '../../security/rate-limit';
import type { PaymentDeps } from '../payments/ledger';
import { purchaseGiftCard } from './purchase';
import { findGiftCard, giftCardProblem } from './redeem';
import { recordGiftCardReport } from './settle';

const PUBLIC = { public: true } as const;

// A balance check says whether a code exists: counted apart from the discount codes' checks,
// so a client trying both at checkout is never stopped by the other.
const CHECKS_PER_IP: Limit = { name: 'gift-card-check:ip', max: 30, windowMs: 15 * 60_000 };

/**
 * Gift cards (issue 34): anyone, signed in or not, buys one (paid through the gateway), reports
 * its payment, and checks what a code has left before counting on it at checkout.
 */
export function giftCardRoutes(deps: PaymentDeps): Route[] {
  const { db } = deps;
  return [
    route(
      {
        method: 'POST',
        path: '/api/gift-cards',
        access: PUBLIC,
        body: giftCardPurchaseSchema,
        status: 201,
      },
      async (ctx, { body }) => {
        await hit(db, LIMITS.formsPerIp, ctx.ip);
        return purchaseGiftCard(deps, body);
      },
    ),
    route(
      {
        method: 'POST',
        path: '/api/gift-cards/:id/paid',
        access: PUBLIC,
        params: idParamsSchema,
        body: giftCardPaidSchema,
      },
      async (ctx, { params, body }) => {
        await hit(db, LIMITS.paymentsPerIp, ctx.ip);
        return recordGiftCardReport(deps, params.id, body.paymentIntentId);
      },
    ),
    route(
      { method: 'POST', path: '/api/gift-cards/check', access: PUBLIC, body: giftCardCheckSchema },
      async (ctx, { body }): Promise<GiftCardBalance> => {
        await hit(db, CHECKS_PER_IP, ctx.ip);
        const card = body.code ? await findGiftCard(db, body.code, { lock: false }) : undefined;
        const problem = giftCardProblem(card);
        if (problem || !card) {
          const message = problem ?? '';
          throw new AppError(422, 'gift_card_refused', message, { fields: { code: message } });
        }
        return { last4: card.codeLast4, balance: centsToDollars(card.balanceCents) };
      },
    ),
  ];
}
