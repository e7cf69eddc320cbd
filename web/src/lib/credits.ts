import { queryOptions } from '@tanstack/react-query';
import { getJson } from '@twinclean/shared/http';
import { clientCreditsSchema } from '@twinclean/shared/referrals';

// The client's referral credit: /client shows it, and the booking forms' estimate spends it as
// the server will (first, before a gift card), so it lives outside either feature. The key is
// the URL it reads; a booking spends credit, so booking invalidates it.

export const creditKeys = {
  all: ['/api/client/credits'] as const,
};

export const clientCreditsQueryOptions = () =>
  queryOptions({
    queryKey: creditKeys.all,
    queryFn: async () => clientCreditsSchema.parse(await getJson('/api/client/credits')),
  });
