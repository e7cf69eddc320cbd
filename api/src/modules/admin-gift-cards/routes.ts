import { ADMIN, OWNER } from '../../core/admin-access';
import { idParamsSchema } from '../../http/input';
import { type Route, route } from '../../http/route';
import type { RefundDeps } from '../gift-cards/refund';
import { listGiftCards, refundGiftCard, voidGiftCard } from './cards';

/**
 * /admin/gift-cards (issue 34): every admin sees the cards and their use; the owner voids or
 * refunds one that is unused.
 */
export function adminGiftCardRoutes(deps: RefundDeps): Route[] {
  return [
    route({ method: 'GET', path: '/api/admin/gift-cards', access: ADMIN }, async () => ({
      giftCards: await listGiftCards(deps.db),
    })),
    route(
      {
        method: 'POST',
        path: '/api/admin/gift-cards/:id/void',
        access: OWNER,
        params: idParamsSchema,
      },
      (_ctx, { params, user }) => voidGiftCard(deps.db, user.id, params.id),
    ),
    route(
      {
        method: 'POST',
        path: '/api/admin/gift-cards/:id/refund',
        access: OWNER,
        params: idParamsSchema,
      },
      (_ctx, { params, user }) => refundGiftCard(deps, user.id, params.id),
    ),
  ];
}
