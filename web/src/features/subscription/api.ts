import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson } from '@twinclean/shared/http';
import {
  type CreateSubscriptionInput,
  createSubscriptionAnswerSchema,
  type SubscriptionAnswer,
  subscriptionAnswerSchema,
  subscriptionPageSchema,
} from '@twinclean/shared/subscriptions';
import { authKeys } from '../../lib/session';

// The client's membership (spec 2 "Subscription pages"). Keys are the URL they read.

export const subscriptionKeys = {
  page: ['/api/subscription'] as const,
};

const subscriptionUrl = (id: string, action: 'record-payment' | 'cancel') =>
  `/api/subscriptions/${encodeURIComponent(id)}/${action}`;

/** GET /api/subscription: the client's live subscription (or null) and the plans' prices. */
export const subscriptionPageQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.page,
    queryFn: async () => subscriptionPageSchema.parse(await getJson('/api/subscription')),
  });

/**
 * POST /api/create-subscription, once per open checkout: a query, as the booking checkout's
 * payment intent is (a second mount in StrictMode joins the same request; nothing is kept after
 * the page closes, gcTime 0, so a later visit asks again). Its key is not under the page's, so
 * refreshing the page never creates another.
 */
export const createSubscriptionQueryOptions = (input: CreateSubscriptionInput) =>
  queryOptions({
    queryKey: ['/api/create-subscription', input.subscriptionType] as const,
    queryFn: async () =>
      createSubscriptionAnswerSchema.parse(await postJson('/api/create-subscription', input)),
    gcTime: 0,
  });

/**
 * After the membership changed: the page, and the current user, whose subscriptionType sets
 * the dashboard's badge and the wizard's rate. 'all': the user is read by the guard's
 * ensureQueryData, which never refetches on its own.
 */
async function refreshMembership(queryClient: QueryClient, answer: SubscriptionAnswer) {
  // The page shows a live subscription only: a canceled one is none.
  const live = answer.subscription.status === 'canceled' ? null : answer.subscription;
  queryClient.setQueryData(subscriptionKeys.page, (page) =>
    page ? { ...page, subscription: live } : page,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.page, refetchType: 'all' }),
    queryClient.invalidateQueries({ queryKey: authKeys.user(), refetchType: 'all' }),
  ]);
}

function useSubscriptionAction<Body>(action: 'record-payment' | 'cancel') {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline, an attempt fails at once with a message (see booking-actions.ts).
    networkMode: 'always',
    mutationFn: async ({ id, body }: { id: string; body: Body }) =>
      subscriptionAnswerSchema.parse(await postJson(subscriptionUrl(id, action), body)),
    // Pending until the dashboard's data is fresh, so the next page reads the new membership.
    onSuccess: (answer) => refreshMembership(queryClient, answer),
  });
}

/** Month 1 went through at the gateway: the server asks it, then activates the subscription. */
export const useRecordSubscriptionPayment = () =>
  useSubscriptionAction<{ paymentIntentId: string }>('record-payment');

/** Inside the minimum term: the fee is charged and it ends now; later, at the period's end. */
export const useCancelSubscription = () => useSubscriptionAction<Record<string, never>>('cancel');

/** Its default card changed elsewhere: the page's card is the default card. */
export const useRefreshSubscription = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.page });
};
