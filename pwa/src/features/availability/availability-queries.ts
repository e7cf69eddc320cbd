import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type AvailabilityInput, availabilitySlotSchema } from '@twinclean/shared/availability';
import { apiRequest } from '@twinclean/shared/http';
import * as z from 'zod/mini';
import { getParsed } from '../../lib/api-reads';
import { providerKeys } from '../../lib/query-keys';

export const availabilityQuery = queryOptions({
  queryKey: providerKeys.availability,
  queryFn: () => getParsed('/api/provider/availability', z.array(availabilitySlotSchema)),
});

/** Add (no id) or update a slot; the board depends on the slots, so it is refetched too. */
export function useSaveSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, slot }: { id?: string; slot: AvailabilityInput }) =>
      id
        ? apiRequest('PUT', `/api/provider/availability/${id}`, slot)
        : apiRequest('POST', '/api/provider/availability', slot),
    onSuccess: () => invalidateAvailability(queryClient),
  });
}

export function useDeleteSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/provider/availability/${id}`),
    onSuccess: () => invalidateAvailability(queryClient),
  });
}

function invalidateAvailability(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all(
    [providerKeys.availability, providerKeys.jobBoard].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
