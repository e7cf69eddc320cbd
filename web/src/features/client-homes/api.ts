import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type HomeInput, homeListSchema, homeSchema } from '@twinclean/shared/homes';
import { getJson, sendJson } from '@twinclean/shared/http';
import * as z from 'zod/mini';

// The client's saved homes. The key is the URL, as the booking forms' saved-home choice reads it,
// so a home added or changed here is offered there without another request.

const homesKey = ['/api/homes'] as const;

export const homesQueryOptions = () =>
  queryOptions({
    queryKey: homesKey,
    queryFn: async () => homeListSchema.parse(await getJson('/api/homes')).homes,
  });

const homeUrl = (id: string) => `/api/homes/${encodeURIComponent(id)}`;

/** A change to the homes, then the list read again. */
function useHomeMutation<Input, Answer>(send: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline, an attempt fails at once with a message rather than waiting behind its button.
    networkMode: 'always',
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: homesKey }),
  });
}

/** Adds a home (no id) or changes one. */
export const useSaveHome = () =>
  useHomeMutation(async ({ id, input }: { id: string | null; input: HomeInput }) =>
    homeSchema.parse(
      await (id ? sendJson('PUT', homeUrl(id), input) : sendJson('POST', '/api/homes', input)),
    ),
  );

const deletedSchema = z.object({ ok: z.boolean(), message: z.string() });

export const useDeleteHome = () =>
  useHomeMutation(async (id: string) => deletedSchema.parse(await sendJson('DELETE', homeUrl(id))));
