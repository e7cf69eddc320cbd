import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson } from '@twinclean/shared/http';
import {
  type WaitlistQuery,
  waitlistNotifiedSchema,
  waitlistSummarySchema,
} from '@twinclean/shared/service-area';

// Keys are the URL they read, in segments (web/src/lib/session.ts).

const BASE = '/api/admin/waitlist';
/** /admin/service-area's count of who waits in served ZIPs changes with a notify. */
const SERVICE_AREA_KEY = ['/api/admin/service-area'] as const;

/** The query string of the filters that are set, for the API and the CSV link alike. */
export const searchOf = (query: WaitlistQuery) => {
  const params = new URLSearchParams();
  if (query.zip) params.set('zip', query.zip);
  if (query.serviceType) params.set('serviceType', query.serviceType);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const waitlistCsvHref = (query: WaitlistQuery) =>
  `/api/admin/exports/waitlist.csv${searchOf(query)}`;

export const waitlistQueryOptions = (query: WaitlistQuery) =>
  queryOptions({
    queryKey: [BASE, query] as const,
    queryFn: async () => waitlistSummarySchema.parse(await getJson(`${BASE}${searchOf(query)}`)),
  });

/** E-mail waitlist: the server claims who still waits, so a second click e-mails nobody twice. */
export function useNotifyWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (zip: string) =>
      waitlistNotifiedSchema.parse(await postJson(`${BASE}/${encodeURIComponent(zip)}/notify`)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [BASE] }),
        queryClient.invalidateQueries({ queryKey: SERVICE_AREA_KEY }),
      ]),
  });
}
