import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@twinclean/shared/http';
import { payLinkViewSchema } from '@twinclean/shared/payments';

export const payLinkKey = (token: string) => ['/api/pay', token] as const;

/** GET /api/pay/{token}: what the link shows anyone holding it (no sign-in). */
export const payLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: payLinkKey(token),
    queryFn: async () =>
      payLinkViewSchema.parse(
        await (await apiRequest('GET', `/api/pay/${encodeURIComponent(token)}`)).json(),
      ),
  });
