import { queryOptions } from '@tanstack/react-query';
import { visitHomeNotesSchema } from '@twinclean/shared/homes';
import { getParsed } from '../../lib/api-reads';
import { providerKeys } from '../../lib/query-keys';

/**
 * GET /api/provider/jobs/{id}/home: the home's pets, parking and, inside the visit's window, its
 * entry notes. Not saved with the other answers (`persist: false`): the outbox keeps the notes
 * for offline use, and only as long as the rule allows.
 */
export const homeNotesQuery = (id: string) =>
  queryOptions({
    queryKey: providerKeys.jobHome(id),
    queryFn: () => getParsed(`/api/provider/jobs/${id}/home`, visitHomeNotesSchema),
    meta: { persist: false },
    // Read each time the page opens: the window opens and closes with the clock.
    staleTime: 0,
    gcTime: 0,
  });
