import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type GiftCardView, giftCardViewSchema } from '@twinclean/shared/gift-cards';
import { getJson, postJson } from '@twinclean/shared/http';
import * as z from 'zod/mini';

// Keys are the URL they read, in segments (web/src/lib/session.ts).
const BASE = '/api/admin/gift-cards';
export const giftCardKeys = { all: [BASE] as const };

const listSchema = z.object({ giftCards: z.array(giftCardViewSchema) });
const changedSchema = z.object({ message: z.string(), giftCard: giftCardViewSchema });

export const giftCardsQueryOptions = () =>
  queryOptions({
    queryKey: giftCardKeys.all,
    queryFn: async () => listSchema.parse(await getJson(BASE)).giftCards,
  });

export type GiftCardAction = 'void' | 'refund';

/**
 * Void or refund an unused card (the owner's): the answer's card replaces its row. A refusal
 * (409: it was spent meanwhile) reloads the list, so the row shows why.
 */
export function useGiftCardAction(id: string, action: GiftCardAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      changedSchema.parse(await postJson(`${BASE}/${encodeURIComponent(id)}/${action}`)),
    onSuccess: ({ giftCard }) =>
      queryClient.setQueryData<GiftCardView[]>(giftCardKeys.all, (shown) =>
        shown?.map((card) => (card.id === giftCard.id ? giftCard : card)),
      ),
    onError: () => queryClient.invalidateQueries({ queryKey: giftCardKeys.all }),
  });
}
