import { queryOptions } from '@tanstack/react-query';
import { getJson } from '@twinclean/shared/http';
import { dollarsSchema } from '@twinclean/shared/money';
import { referralViewSchema } from '@twinclean/shared/referrals';
import * as z from 'zod/mini';

// Keys are the URL they read, in segments (web/src/lib/session.ts).
const BASE = '/api/admin/referrals';

const referralsSchema = z.object({
  referrals: z.array(referralViewSchema),
  totals: z.object({
    referrals: z.number(),
    credited: z.number(),
    refused: z.number(),
    creditGiven: dollarsSchema,
    creditOutstanding: dollarsSchema,
  }),
});
export type AdminReferrals = z.infer<typeof referralsSchema>;

export const referralsQueryOptions = () =>
  queryOptions({
    queryKey: [BASE] as const,
    queryFn: async () => referralsSchema.parse(await getJson(BASE)),
  });
