import { useMutation } from '@tanstack/react-query';
import {
  giftCardPaidAnswerSchema,
  giftCardPurchaseAnswerSchema,
  type giftCardPurchaseSchema,
} from '@twinclean/shared/gift-cards';
import { postJson } from '@twinclean/shared/http';
import type * as z from 'zod/mini';

export type GiftCardPurchase = z.output<typeof giftCardPurchaseSchema>;

/** POST /api/gift-cards: the card waiting for its payment, and the gateway's intent to pay it. */
export const usePurchaseGiftCard = () =>
  useMutation({
    mutationFn: async (input: GiftCardPurchase) =>
      giftCardPurchaseAnswerSchema.parse(await postJson('/api/gift-cards', input)),
  });

/**
 * POST /api/gift-cards/{id}/paid once the gateway's form says the intent succeeded; the server
 * asks the gateway itself. Offline, the attempt fails at once with a message.
 */
export const useGiftCardPaid = () =>
  useMutation({
    networkMode: 'always',
    mutationFn: async (paid: { giftCardId: string; paymentIntentId: string }) =>
      giftCardPaidAnswerSchema.parse(
        await postJson(`/api/gift-cards/${encodeURIComponent(paid.giftCardId)}/paid`, {
          paymentIntentId: paid.paymentIntentId,
        }),
      ),
  });
