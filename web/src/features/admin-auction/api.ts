import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBookingPageSchema } from '@twinclean/shared/admin-bookings';
import {
  type AuctionListQuery,
  type AuctionPostInput,
  auctionAnswerSchema,
  auctionListSchema,
} from '@twinclean/shared/auction';
import { getJson, postJson } from '@twinclean/shared/http';
import { chicagoDate } from '@twinclean/shared/schedule';

// Keys are the URL they read, in segments (web/src/lib/session.ts). Posting or withdrawing
// changes a booking's page too (its "Post to auction board" action), so both are refreshed.

export const auctionKeys = {
  all: ['/api/admin/auction'] as const,
  list: (query: AuctionListQuery) => [...auctionKeys.all, query] as const,
};
const BOOKINGS_KEY = ['/api/admin/bookings'] as const;

export const auctionQueryOptions = (query: AuctionListQuery) =>
  queryOptions({
    queryKey: auctionKeys.list(query),
    queryFn: async () =>
      auctionListSchema.parse(await getJson(`/api/admin/auction?page=${query.page ?? 1}`)),
    // Phases move with the clock: a minute-old list may show a window that has ended.
    refetchInterval: 30_000,
  });

/** Upcoming jobs nobody has taken, soonest first: what the post dialog offers. */
export const openJobsQueryOptions = () =>
  queryOptions({
    queryKey: [...BOOKINGS_KEY, 'auction-choices'] as const,
    queryFn: async () => {
      const search = new URLSearchParams({
        status: 'pending_assignment',
        provider: 'unassigned',
        from: chicagoDate(new Date()),
        sort: 'scheduledDate',
        dir: 'asc',
        pageSize: '100',
      });
      return adminBookingPageSchema.parse(await getJson(`/api/admin/bookings?${search}`)).items;
    },
  });

function useAuctionWrite<I>(send: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => auctionAnswerSchema.parse(await send(input)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: auctionKeys.all }),
        queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
      ]),
  });
}

export const usePostJob = () =>
  useAuctionWrite((input: AuctionPostInput) => postJson('/api/admin/auction', input));

export const useWithdrawPost = () =>
  useAuctionWrite((id: string) =>
    postJson(`/api/admin/auction/${encodeURIComponent(id)}/withdraw`, {}),
  );
