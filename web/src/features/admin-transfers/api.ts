import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { providerChoicesSchema } from '@twinclean/shared/admin';
import { getJson, postJson } from '@twinclean/shared/http';
import {
  type AdminTransferDetail,
  adminTransferDetailSchema,
  type TransferActionAnswer,
  type TransferFilters,
  transferActionAnswerSchema,
  type transferListQuerySchema,
  transfersPageSchema,
} from '@twinclean/shared/payout-transfers';
import type * as z from 'zod/mini';

// Keys are the URL they read, in segments (web/src/lib/session.ts).

export type TransferQuery = z.output<typeof transferListQuerySchema>;

const BASE = '/api/admin/payout-transfers';

export const transferKeys = {
  all: [BASE] as const,
  list: (query: TransferQuery) => [BASE, 'list', query] as const,
  detail: (id: string) => [BASE, id] as const,
};
/** /admin/payouts: a canceled transfer's payouts go back to Mark Paid there. */
const PAYOUTS_KEY = ['/api/admin/payouts'] as const;

/** The query string of the filters that are set, for the API and the CSV link alike. */
export const searchOf = (query: Partial<TransferQuery>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The CSV of every transfer the filters match (the page number is the screen's only). */
export const transfersCsvHref = ({ status, providerId, weekStart }: TransferFilters) =>
  `/api/admin/exports/payout-transfers.csv${searchOf({ status, providerId, weekStart })}`;

export const transfersQueryOptions = (query: TransferQuery) =>
  queryOptions({
    queryKey: transferKeys.list(query),
    queryFn: async () => transfersPageSchema.parse(await getJson(`${BASE}${searchOf(query)}`)),
  });

export const transferQueryOptions = (id: string) =>
  queryOptions({
    queryKey: transferKeys.detail(id),
    queryFn: async () =>
      adminTransferDetailSchema.parse(await getJson(`${BASE}/${encodeURIComponent(id)}`)),
  });

// The same read as /admin/payouts' provider filter, under the same key: one request for both.
export const providerChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/provider-choices'] as const,
    queryFn: async () => providerChoicesSchema.parse(await getJson('/api/admin/provider-choices')),
  });

/** What the page says of an action's outcome (a toast), whether or not its button is still shown. */
export type ActionFeedback = {
  onAnswer: (answer: TransferActionAnswer) => void;
  onRefusal: (error: unknown) => void;
};

/**
 * Retry now (admins) or Cancel transfer (owners). The answer's transfer replaces the one on
 * screen at once; on a refusal too the transfer is read again, since the server may have learnt
 * something (the gateway made it after all) that the page should show. The feedback runs here,
 * not in mutate()'s callbacks: the new state often removes the button that asked, and mutate()'s
 * callbacks do not run once their component is gone.
 */
export function useTransferAction(
  id: string,
  action: 'retry' | 'cancel',
  feedback: ActionFeedback,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<TransferActionAnswer> =>
      transferActionAnswerSchema.parse(
        await postJson(`${BASE}/${encodeURIComponent(id)}/${action}`),
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData<AdminTransferDetail>(transferKeys.detail(id), (shown) =>
        shown ? { ...shown, ...answer.transfer } : shown,
      );
      feedback.onAnswer(answer);
    },
    onError: (error) => feedback.onRefusal(error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transferKeys.all }),
        queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY }),
      ]),
  });
}
