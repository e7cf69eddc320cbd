import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '@twinclean/shared/http';
import {
  type VisitUpdateSettingsInput,
  visitUpdateSettingsAnswerSchema,
} from '@twinclean/shared/visit-updates';

// The client's visit-update channels (DECISIONS.md "Visit updates, checklists, tips").

const settingsKey = ['/api/client/visit-updates'] as const;

export const visitUpdateSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: async () =>
      visitUpdateSettingsAnswerSchema.parse(await getJson('/api/client/visit-updates')),
  });

/** Saves the channels; the answer (the number as stored, E.164) replaces the page's copy. */
export function useSaveVisitUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline, an attempt fails at once with a message rather than waiting behind its button.
    networkMode: 'always',
    mutationFn: async (input: VisitUpdateSettingsInput) =>
      visitUpdateSettingsAnswerSchema.parse(
        await sendJson('PUT', '/api/client/visit-updates', input),
      ),
    onSuccess: (answer) => queryClient.setQueryData(settingsKey, answer),
  });
}
