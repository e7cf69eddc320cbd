import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PriceApprovalInput } from '@twinclean/shared/final-price';
import { ApiError, getJson, postJson } from '@twinclean/shared/http';
import { payLinkViewSchema, priceApprovalLinkAnswerSchema } from '@twinclean/shared/payments';
import { clientBookingKeys } from '../api';

export const payLinkKey = (token: string) => ['/api/pay', token] as const;

const linkPath = (token: string) => `/api/pay/${encodeURIComponent(token)}`;

/** GET /api/pay/{token}: what the link shows anyone holding it (no sign-in). */
export const payLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: payLinkKey(token),
    queryFn: async () => payLinkViewSchema.parse(await getJson(linkPath(token))),
  });

/**
 * "Approve new price" on a pay link (DECISIONS.md "Final price consent"). The answer is the link
 * as it now stands, its payment choices included, put in place of the page's copy: the checkout
 * follows without another read. A 409 (the price changed, or was approved elsewhere) reads the
 * link again.
 */
export function useApprovePayLinkPrice(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (input: PriceApprovalInput) =>
      priceApprovalLinkAnswerSchema.parse(
        await postJson(`${linkPath(token)}/approve-price`, input),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(payLinkKey(token), answer.payLink);
      // A signed-in client's portal shows the same booking.
      void queryClient.invalidateQueries({ queryKey: clientBookingKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: payLinkKey(token) });
      }
    },
  });
}
