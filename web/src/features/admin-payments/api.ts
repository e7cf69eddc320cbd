import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type PaymentRecordFilters,
  paymentRecordsPageSchema,
  type RefundInput,
  refundAnswerSchema,
} from '@twinclean/shared/admin-payments';
import { getJson, postJson } from '@twinclean/shared/http';

// Keys are the URL they read, in segments (web/src/lib/session.ts).

export const paymentRecordKeys = {
  all: ['/api/admin/payment-records'] as const,
  list: (filters: PaymentRecordFilters) => [...paymentRecordKeys.all, filters] as const,
};
const STATS_KEY = ['/api/admin/stats'] as const;

const queryString = (filters: PaymentRecordFilters) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const paymentRecordsQueryOptions = (filters: PaymentRecordFilters) =>
  queryOptions({
    queryKey: paymentRecordKeys.list(filters),
    queryFn: async () =>
      paymentRecordsPageSchema.parse(
        await getJson(`/api/admin/payment-records${queryString(filters)}`),
      ),
  });

/** The owner's refund: the records and the revenue card change with it. */
export function useRefund(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RefundInput) =>
      refundAnswerSchema.parse(
        await postJson(`/api/admin/payments/${encodeURIComponent(paymentId)}/refund`, input),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentRecordKeys.all }),
        queryClient.invalidateQueries({ queryKey: STATS_KEY }),
      ]),
  });
}
