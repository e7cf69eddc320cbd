import { chicagoDate } from '@twinclean/shared/schedule';
import type { Call } from './route-samples';
import type { World } from './route-world';

/** Sample calls of the gift cards' routes, public and the admin's (issue 34). */
export const GIFT_CARD_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'POST /api/gift-cards': () => ({
    body: {
      amount: '50',
      purchaserName: 'Gail Giver',
      purchaserEmail: 'gail.giver@example.com',
      recipientName: 'Rae Recipient',
      recipientEmail: 'rae.recipient@example.com',
      message: 'Enjoy a clean home',
      deliverOn: chicagoDate(new Date()),
    },
  }),
  'POST /api/gift-cards/:id/paid': (w) => ({
    params: { id: w.giftCards.awaiting },
    body: { paymentIntentId: w.giftCards.paidIntent },
  }),
  'POST /api/gift-cards/check': (w) => ({ body: { code: w.giftCards.code } }),
  'GET /api/admin/gift-cards': () => ({}),
  'POST /api/admin/gift-cards/:id/void': (w) => ({
    params: { id: w.giftCards.toVoid },
  }),
  'POST /api/admin/gift-cards/:id/refund': (w) => ({
    params: { id: w.giftCards.toRefund },
  }),
};
