import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type DiscountCodeForm, discountCodeViewSchema } from '@twinclean/shared/discount-codes';
import { getJson, postJson, sendJson } from '@twinclean/shared/http';
import * as z from 'zod/mini';

// Keys are the URL they read, in segments (web/src/lib/session.ts).
export const discountCodeKeys = { all: ['/api/admin/discount-codes'] as const };

const listSchema = z.object({ codes: z.array(discountCodeViewSchema) });

export const discountCodesQueryOptions = () =>
  queryOptions({
    queryKey: discountCodeKeys.all,
    queryFn: async () => listSchema.parse(await getJson('/api/admin/discount-codes')).codes,
  });

function useCodesChange<I, O>(request: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountCodeKeys.all }),
  });
}

export const useCreateCode = () =>
  useCodesChange(async (input: DiscountCodeForm) =>
    discountCodeViewSchema.parse(await postJson('/api/admin/discount-codes', input)),
  );

export const useChangeCode = (id: string) =>
  useCodesChange(async (input: { active?: boolean; endsOn?: string; maxUses?: number | null }) =>
    discountCodeViewSchema.parse(
      await sendJson('PATCH', `/api/admin/discount-codes/${encodeURIComponent(id)}`, input),
    ),
  );
