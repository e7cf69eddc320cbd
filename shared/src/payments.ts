import * as z from 'zod/mini';
import { priceProposalSchema } from './final-price';
import { dollarsSchema } from './money';

/** What a client can pay on a booking now (DECISIONS.md "Payments"). */
export const paymentOptionSchema = z.enum(['deposit', 'balance', 'full']);
export type PaymentOption = z.infer<typeof paymentOptionSchema>;

export const paymentKindSchema = z.enum([
  'deposit',
  'balance',
  'full',
  'late_cancel_fee',
  'subscription',
  'early_cancel_fee',
  /** A client's thanks after a visit: 100 % the provider's, outside the booking's total. */
  'tip',
]);
export type PaymentKind = z.infer<typeof paymentKindSchema>;

export const gatewayNameSchema = z.enum(['local', 'stripe']);
export type GatewayName = z.infer<typeof gatewayNameSchema>;

/** The stored facts the payable amounts are worked out from. */
export type PayableFacts = {
  totalAmountCents: number;
  amountPaidCents: number;
  depositAmountCents: number;
  depositRequestedAt: Date | string | null;
  priceIsFinal: boolean;
  canceledAt: Date | string | null;
  /** The visit is done (clock-out): a deposit no longer makes sense, the whole rest is owed. */
  clockOutAt: Date | string | null;
};

/** The balance is asked for this long before the visit (DECISIONS.md "Payments"). */
export const BALANCE_REQUEST_HOURS = 24;

export type PaymentChoice = { option: PaymentOption; cents: number };

/**
 * The amounts a client may pay now, the one asked for first. Nothing once canceled or paid, nor
 * before a carpet or rug price is confirmed. Before anything is paid: the deposit once it has
 * been requested (and the visit is not done yet), and the whole total at any time; after a first
 * payment, the rest.
 */
export function paymentChoices(booking: PayableFacts): PaymentChoice[] {
  const rest = booking.totalAmountCents - booking.amountPaidCents;
  if (booking.canceledAt || !booking.priceIsFinal || rest <= 0) return [];
  if (booking.amountPaidCents > 0) return [{ option: 'balance', cents: rest }];
  const deposit =
    booking.depositRequestedAt && booking.depositAmountCents > 0 && !booking.clockOutAt
      ? [{ option: 'deposit' as const, cents: booking.depositAmountCents }]
      : [];
  return [...deposit, { option: 'full', cents: rest }];
}

/** POST /api/bookings/{id}/create-payment-intent (and on a pay link). Empty: the first choice. */
export const createPaymentIntentSchema = z.object({
  option: z.optional(paymentOptionSchema),
});
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentSchema>;

export const paymentIntentAnswerSchema = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  option: paymentOptionSchema,
  amount: dollarsSchema,
  gateway: gatewayNameSchema,
  /** Stripe's publishable key; null with the LocalGateway, whose test-card form needs none. */
  publishableKey: z.nullable(z.string()),
});
export type PaymentIntentAnswer = z.infer<typeof paymentIntentAnswerSchema>;

/**
 * POST /api/bookings/{id}/record-payment. The spec's `amountPaid` is accepted and ignored: the
 * amount recorded is the one the gateway says it took.
 */
export const recordPaymentSchema = z.object({
  paymentIntentId: z.string().check(z.minLength(1, 'Payment intent is required'), z.maxLength(255)),
  amountPaid: z.optional(z.unknown()),
});
export type RecordPaymentInput = z.infer<typeof recordPaymentSchema>;

export const paymentSchema = z.object({
  id: z.string(),
  kind: paymentKindSchema,
  amount: dollarsSchema,
  refunded: dollarsSchema,
  status: z.enum(['requires_payment', 'processing', 'succeeded', 'failed', 'canceled']),
  cardLast4: z.nullable(z.string()),
  createdAt: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentSchema>;

export const recordPaymentAnswerSchema = z.object({
  message: z.string(),
  payment: paymentSchema,
});
export type RecordPaymentAnswer = z.infer<typeof recordPaymentAnswerSchema>;

/** GET /api/pay/{token}: what a pay link shows, to anyone holding it (no sign-in). */
export const payLinkViewSchema = z.object({
  bookingId: z.string(),
  serviceTitle: z.string(),
  clientFirstName: z.string(),
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  address: z.string(),
  city: z.string(),
  totalAmount: dollarsSchema,
  amountPaid: dollarsSchema,
  paymentChoices: z.array(z.object({ option: paymentOptionSchema, amount: dollarsSchema })),
  /** A new price to approve before anything can be paid ("Approve new price"); else null. */
  priceProposal: z.nullable(priceProposalSchema),
});
export type PayLinkView = z.infer<typeof payLinkViewSchema>;

/** POST /api/pay/{token}/approve-price: the pay link as it now stands (its price in effect). */
export const priceApprovalLinkAnswerSchema = z.object({
  message: z.string(),
  payLink: payLinkViewSchema,
});
export type PriceApprovalLinkAnswer = z.infer<typeof priceApprovalLinkAnswerSchema>;

/** A receipt: a succeeded payment or a refund (DECISIONS.md "Payments": receipts). */
export const receiptSchema = z.object({
  id: z.string(),
  type: z.enum(['payment', 'refund']),
  kind: paymentKindSchema,
  amount: dollarsSchema,
  cardLast4: z.nullable(z.string()),
  createdAt: z.string(),
  reason: z.nullable(z.string()),
  booking: z.nullable(
    z.object({
      id: z.string(),
      serviceTitle: z.string(),
      scheduledDate: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
    }),
  ),
});
export type Receipt = z.infer<typeof receiptSchema>;
