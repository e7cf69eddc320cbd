import { queryOptions } from '@tanstack/react-query';
import { publicChecklistsSchema } from '@twinclean/shared/checklists';
import { getJson } from '@twinclean/shared/http';

// The room-by-room lists /services prints (GET /api/checklists). Owners edit them on
// /admin/checklists, whose save drops this copy so the owner's next look shows the new lists.

export const checklistKeys = {
  public: () => ['/api/checklists'] as const,
};

// As the prices (lib/catalog.ts): a tab left open asks again on its next page after a minute.
const LIVE_LISTS_MS = 60_000;

export const publicChecklistsQueryOptions = () =>
  queryOptions({
    queryKey: checklistKeys.public(),
    queryFn: async () => publicChecklistsSchema.parse(await getJson('/api/checklists')),
    staleTime: LIVE_LISTS_MS,
  });
