import type { PaymentKind } from '@twinclean/shared/payments';
import type { RelationMappings } from 'objection';
import { TimestampedModel } from './base-model';
import { Booking } from './booking';
import { Subscription } from './subscription';

export type PaymentStatus = 'requires_payment' | 'processing' | 'succeeded' | 'failed' | 'canceled';

export class Payment extends TimestampedModel {
  static override tableName = 'payments';

  declare id: string;
  declare userId: string | null;
  declare bookingId: string | null;
  declare subscriptionId: string | null;
  declare gateway: 'stripe' | 'local';
  declare gatewayPaymentId: string;
  declare kind: PaymentKind;
  declare amountCents: number;
  declare currency: string;
  declare status: PaymentStatus;
  declare refundedCents: number;
  declare failureMessage: string | null;
  declare cardLast4: string | null;

  declare booking?: Booking | null;
  declare subscription?: Subscription | null;

  static override relationMappings = (): RelationMappings => ({
    booking: {
      relation: TimestampedModel.BelongsToOneRelation,
      modelClass: Booking,
      join: { from: 'payments.bookingId', to: 'bookings.id' },
    },
    subscription: {
      relation: TimestampedModel.BelongsToOneRelation,
      modelClass: Subscription,
      join: { from: 'payments.subscriptionId', to: 'subscriptions.id' },
    },
  });
}
