import * as z from 'zod/mini';
import { dateRangeInOrder, dateRangeShape, pageNumberSchema, pageOf } from './admin-pages';
import { dollarsSchema } from './money';
import { gatewayNameSchema, paymentKindSchema } from './payments';
import { serviceTypeSchema } from './services';
import { planSchema } from './subscriptions';

// /admin/payment-records: every payment with its refunds, and the owner's refund
// (DECISIONS.md "Payments": admin_owner may refund any payment, fully or partly, with a reason).

export const paymentStatusSchema = z.enum([
  'requires_payment',
  'processing',
  'succeeded',
  'failed',
  'canceled',
]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** GET /api/admin/payment-records: every filter optional. */
export const paymentRecordFiltersSchema = z
  .object({
    kind: z.optional(paymentKindSchema),
    status: z.optional(paymentStatusSchema),
    /** Part of the client's name or e-mail, or a payment's or refund's gateway id. */
    search: z.optional(
      z.string().check(z.trim(), z.maxLength(100, 'Search for at most 100 characters')),
    ),
    ...dateRangeShape,
    page: pageNumberSchema,
  })
  .check(dateRangeInOrder);
export type PaymentRecordFilters = z.infer<typeof paymentRecordFiltersSchema>;

export const adminRefundSchema = z.object({
  id: z.string(),
  gatewayRefundId: z.string(),
  amount: dollarsSchema,
  reason: z.string(),
  /** The admin who made it; null for the refunds the system made (a cancellation). */
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/** What a payment paid for. */
export const paymentSubjectSchema = z.nullable(
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('booking'),
      id: z.string(),
      serviceType: serviceTypeSchema,
      scheduledDate: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
    }),
    z.object({ type: z.literal('subscription'), id: z.string(), plan: planSchema }),
  ]),
);

export const adminPaymentRecordSchema = z.object({
  id: z.string(),
  kind: paymentKindSchema,
  status: paymentStatusSchema,
  amount: dollarsSchema,
  refunded: dollarsSchema,
  /** What a refund may still give back: nothing unless the payment succeeded. */
  refundable: dollarsSchema,
  gateway: gatewayNameSchema,
  gatewayPaymentId: z.string(),
  cardLast4: z.nullable(z.string()),
  failureMessage: z.nullable(z.string()),
  createdAt: z.string(),
  client: z.object({ id: z.nullable(z.string()), name: z.string(), email: z.string() }),
  subject: paymentSubjectSchema,
  refunds: z.array(adminRefundSchema),
});
export type AdminPaymentRecord = z.infer<typeof adminPaymentRecordSchema>;

export const paymentRecordsPageSchema = pageOf(adminPaymentRecordSchema);
export type PaymentRecordsPage = z.infer<typeof paymentRecordsPageSchema>;

/**
 * POST /api/admin/payments/{id}/refund. `requestId` is made when the dialog opens and sent again
 * on a retry, so a retried request refunds once.
 */
export const refundInputSchema = z.object({
  amount: z.string().check(
    z.trim(),
    z.regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter an amount in dollars, like 12.50'),
    z.refine((value) => Number(value) > 0, 'Enter an amount above $0.00'),
  ),
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter the reason for the refund'),
      z.maxLength(500, 'Keep the reason to 500 characters'),
    ),
  requestId: z.string().check(z.uuid('The request id must be a UUID')),
});
export type RefundInput = z.infer<typeof refundInputSchema>;

export const refundAnswerSchema = z.object({
  message: z.string(),
  payment: adminPaymentRecordSchema,
});
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;
